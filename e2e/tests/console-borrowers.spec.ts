/** Borrowers and orders in the console (issue 31 item 1): found by phone, their page, an overdue order as loan details shows it. */
import { formatPhone } from '@kilat/contract';
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { type DemoSession, expect, expectAccessible, test } from '../fixtures.js';

test("an agent finds the overdue demo borrower by phone, opens their page and the overdue order, whose amount due is the borrower's loan details'", async ({
  request,
  browser,
  baseURL,
  api,
}) => {
  test.slow();
  // a borrower of this test's own (an order in every status): no other test pays or waives its overdue order meanwhile
  const fresh = await request.get('/dev/session?market=IN&fresh=1');
  expect(fresh.ok()).toBe(true);
  const session = (await fresh.json()) as DemoSession & { phone: string };
  const overdue = session.orders.find((order) => order.status === 180)!;
  const details = await api<{ userOrderDetail: { detail: { text: string; value: string }[] } }>(session, 'loanDetails', {
    productId: overdue.productId,
    orderId: overdue.orderId,
  });
  const amountDue = details.userOrderDetail.detail.find((row) => row.text === 'Amount due')!.value;

  const context = await desktopContext(browser, baseURL);
  const page = await context.newPage();
  await signInAs(page, await demoOperator(request, 'agent'));
  await page.getByRole('link', { name: 'Borrowers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Borrowers' })).toBeVisible();
  // the phone as an operator reads it off a call: grouped, without the country code
  await page.getByLabel(/^Phone, order number/).fill(formatPhone(session.phone, 'IN'));
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('link') });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('phone');
  await expectAccessible(page);
  await row.getByRole('link').click();

  await expect(page.getByRole('region', { name: 'Identity' })).toContainText('•');
  const orders = page.getByRole('region', { name: 'Orders' });
  await expect(orders.getByRole('row').filter({ hasText: 'Overdue (180)' }).first()).toBeVisible();
  await expectAccessible(page);
  await orders.getByRole('link', { name: overdue.orderNo }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Order ${overdue.orderNo}` })).toBeVisible();
  const owed = page.getByRole('region', { name: 'Owed today' });
  await expect(owed.getByRole('definition').first()).toHaveText(amountDue);
  await expect(
    page
      .getByRole('table', { name: /Ledger rows/ })
      .getByRole('row')
      .filter({ hasText: 'disbursement' }),
  ).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Disbursed');
  await expectAccessible(page);
  await context.close();
});
