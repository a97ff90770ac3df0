/**
 * Issue 31's done-when, in a desktop browser: an operator finds an overdue demo borrower by phone; the
 * order page's amount due is the borrower's loan details'; they ask to waive penalties with a reason;
 * they cannot approve it themselves, a second operator does; the borrower then owes less; the audit
 * log shows both, with who and when.
 */
import { formatPhone } from '@kilat/contract';
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { type DemoSession, expect, expectAccessible, test } from '../fixtures.js';

test('a penalty waiver: asked by a supervisor with a reason, approved by risk (not by its maker), lowers the loan details, audited', async ({
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
  const amountDue = async () =>
    (
      await api<{ userOrderDetail: { detail: { text: string; value: string }[] } }>(session, 'loanDetails', {
        productId: overdue.productId,
        orderId: overdue.orderId,
      })
    ).userOrderDetail.detail.find((row) => row.text === 'Amount due')!.value;
  const dueBefore = await amountDue();
  const reason = `Bank outage on the due date ${Date.now()}`;

  // the maker: finds the borrower by phone, opens the overdue order
  const makerContext = await desktopContext(browser, baseURL);
  const maker = await makerContext.newPage();
  const supervisor = await demoOperator(request, 'supervisor');
  await signInAs(maker, supervisor);
  await maker.getByRole('link', { name: 'Borrowers' }).click();
  await maker.getByLabel(/^Phone, order number/).fill(formatPhone(session.phone, 'IN'));
  await maker.getByRole('button', { name: 'Search' }).click();
  await maker
    .getByRole('table')
    .getByRole('row')
    .filter({ has: maker.getByRole('link') })
    .getByRole('link')
    .click();
  await maker.getByRole('region', { name: 'Orders' }).getByRole('link', { name: overdue.orderNo }).click();
  const owed = maker.getByRole('region', { name: 'Owed today' });
  await expect(owed.getByRole('definition').first()).toHaveText(dueBefore);

  // above the approval amount (Rs.500 by default): it waits for another operator
  const waivers = maker.getByRole('region', { name: 'Penalty waivers' });
  await waivers.getByLabel(/^Amount to waive/).fill('600');
  await waivers.getByLabel('Reason').fill(reason);
  await waivers.getByRole('button', { name: 'Ask to waive' }).click();
  await expect(waivers.getByRole('status')).toHaveText('Asked: another operator approves it.');
  const row = waivers.getByRole('row').filter({ hasText: reason });
  await expect(row).toContainText('Waiting for approval');
  // the maker is offered no approval of their own
  await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await expect(row).toContainText('another operator decides');
  await expectAccessible(maker);
  expect(await amountDue()).toBe(dueBefore);

  // the checker approves
  const checkerContext = await desktopContext(browser, baseURL);
  const checker = await checkerContext.newPage();
  const risk = await demoOperator(request, 'risk');
  await signInAs(checker, risk);
  await checker.goto(`/console/orders/${overdue.orderId}`);
  const pending = checker.getByRole('region', { name: 'Penalty waivers' }).getByRole('row').filter({ hasText: reason });
  await pending.getByRole('button', { name: /^Approve waiver/ }).click();
  await expect(pending).toContainText('Approved');
  await expect(pending).toContainText(risk.name);
  const dueAfter = await amountDue();
  expect(dueAfter).not.toBe(dueBefore);
  await expect(checker.getByRole('region', { name: 'Owed today' }).getByRole('definition').first()).toHaveText(dueAfter);
  await checkerContext.close();
  await makerContext.close();

  // the audit log: both steps, who and when
  const adminContext = await desktopContext(browser, baseURL);
  const admin = await adminContext.newPage();
  await signInAs(admin, await demoOperator(request, 'admin'));
  await admin.getByRole('link', { name: 'Audit log' }).click();
  await admin.getByRole('combobox', { name: /^Target/ }).selectOption('order');
  await admin.getByRole('textbox', { name: /^Target id/ }).fill(overdue.orderId);
  const entries = admin.getByRole('row').filter({ hasText: `order ${overdue.orderId}` });
  await expect(entries.filter({ hasText: 'penalty-waiver.request' })).toContainText(supervisor.name);
  await expect(entries.filter({ hasText: 'penalty-waiver.approve' })).toContainText(risk.name);
  await expect(entries.filter({ hasText: 'penalty-waiver.approve' })).toContainText('UTC');
  await adminContext.close();
});
