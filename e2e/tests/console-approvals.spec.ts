/**
 * Issue 47's approvals inbox (decision 239), in a desktop browser: a supervisor asks to waive more than
 * the limit on an order; in their own inbox it waits for another operator, with no approve button; a
 * second operator finds it in "Waiting for you" with its reason and a link to the order, the nav
 * counting it, approves it there, and it leaves the inbox. Both screens axe clean.
 */
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { type DemoSession, expect, expectAccessible, test } from '../fixtures.js';

test('a waiver above the limit asked by a supervisor waits in another operator’s inbox, approved from there', async ({
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  // a borrower of this test's own: no other test waives its overdue order meanwhile
  const fresh = await request.get('/dev/session?market=IN&fresh=1');
  expect(fresh.ok()).toBe(true);
  const session = (await fresh.json()) as DemoSession;
  const overdue = session.orders.find((order) => order.status === 180)!;
  const reason = `Hospital stay, letter on file ${Date.now()}`;

  const makerContext = await desktopContext(browser, baseURL);
  const maker = await makerContext.newPage();
  await signInAs(maker, await demoOperator(request, 'supervisor'));
  await maker.goto(`/console/orders/${overdue.orderId}`);
  const waivers = maker.getByRole('region', { name: 'Penalty waivers' });
  await waivers.getByLabel(/^Amount to waive/).fill('600');
  await waivers.getByLabel('Reason').fill(reason);
  await waivers.getByRole('button', { name: 'Ask to waive' }).click();
  await expect(waivers.getByRole('status')).toHaveText('Asked: another operator approves it.');

  // the maker's inbox: theirs waits for another operator, with no approve button
  await maker.getByRole('link', { name: /^Approvals/ }).click();
  const others = maker.getByRole('table', { name: /^Waiting for another operator/ });
  const own = others.getByRole('row').filter({ hasText: reason });
  await expect(own).toContainText('Penalty waiver');
  await expect(own).toContainText('You asked for it: another operator decides.');
  await expect(own.getByRole('button')).toHaveCount(0);
  await expect(
    maker
      .getByRole('table', { name: /^Waiting for you|^Nothing is waiting for you/ })
      .getByRole('row')
      .filter({ hasText: reason }),
  ).toHaveCount(0);
  await expectAccessible(maker);

  // the checker: the nav counts what waits for them; the request is in "Waiting for you" with its order
  const checkerContext = await desktopContext(browser, baseURL);
  const checker = await checkerContext.newPage();
  const risk = await demoOperator(request, 'risk');
  await signInAs(checker, risk);
  await expect(checker.getByRole('link', { name: /^Approvals\W+\d+ waiting for you$/ })).toBeVisible();
  await checker.getByRole('link', { name: /^Approvals/ }).click();
  const mine = checker.getByRole('table', { name: /^Waiting for you: \d+/ });
  const row = mine.getByRole('row').filter({ hasText: reason });
  await expect(row).toContainText('₹600.00');
  await expect(row).toContainText('Penalty waiver');
  await expect(row.getByRole('link', { name: overdue.orderNo })).toHaveAttribute('href', `/console/orders/${overdue.orderId}`);
  await expectAccessible(checker);
  await row.getByRole('button', { name: /^Approve penalty waiver \d+$/ }).click();
  await expect(checker.getByRole('status')).toContainText(`Approved: penalty waiver`);
  await expect(checker.getByRole('status')).toContainText(overdue.orderNo);
  await expect(checker.getByRole('row').filter({ hasText: reason })).toHaveCount(0);

  // the order page says who approved it
  await checker.getByRole('link', { name: 'Borrowers' }).click();
  await checker.goto(`/console/orders/${overdue.orderId}`);
  const decided = checker.getByRole('region', { name: 'Penalty waivers' }).getByRole('row').filter({ hasText: reason });
  await expect(decided).toContainText('Approved');
  await expect(decided).toContainText(risk.name);
  await checkerContext.close();
  await makerContext.close();
});
