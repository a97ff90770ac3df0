/**
 * Issue 47's reversal with its checker (decisions 233 and 274), in a desktop browser: a supervisor
 * asks, with a reason, to reverse the repayment that closed a repaid loan; it waits on the order page
 * with no approve button for its maker; a risk operator finds it in the approvals inbox with the row
 * it reverses, approves it there; the order page then shows the reversal approved by them, a
 * reversal row in the ledger, and an amount owed again. Every screen axe clean.
 */
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { type DemoSession, expect, expectAccessible, test } from '../fixtures.js';

test('a repayment reversed: asked on the order page with a reason, approved by another operator in the inbox, the loan owes again', async ({
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  // a borrower of this test's own: no other test touches its repaid order
  const fresh = await request.get('/dev/session?market=IN&fresh=1');
  expect(fresh.ok()).toBe(true);
  const session = (await fresh.json()) as DemoSession;
  const repaid = session.orders.find((order) => order.status === 200)!;
  const reason = `Credited to the wrong loan, bank letter ${Date.now()}`;

  const makerContext = await desktopContext(browser, baseURL);
  const maker = await makerContext.newPage();
  await signInAs(maker, await demoOperator(request, 'supervisor'));
  await maker.goto(`/console/orders/${repaid.orderId}`);
  const owed = maker.getByRole('region', { name: 'Owed today' });
  await expect(owed.getByRole('definition').first()).toHaveText('₹0.00');
  const reversals = maker.getByRole('region', { name: 'Reversals' });
  // the repaid loan's one reversible row, its repayment, is the one offered
  await expect(reversals.getByLabel('Row to reverse').locator('option:checked')).toHaveText(
    /^Repayment of ₹[\d,.]+ on \d{1,2} [A-Z][a-z]{2} \d{4} \(row \d+\)$/,
  );
  await reversals.getByLabel('Reason for the reversal').fill(reason);
  await reversals.getByRole('button', { name: 'Ask to reverse' }).click();
  await expect(reversals.getByRole('status')).toContainText('Asked: a risk operator approves it');
  const asked = reversals.getByRole('row').filter({ hasText: reason });
  await expect(asked).toContainText('Waiting for approval');
  await expect(asked).toContainText('Repayment (ledger row');
  // the maker is offered no approval of their own, and the row is not offered again while it waits
  await expect(asked.getByRole('button')).toHaveCount(0);
  await expect(reversals.getByRole('button', { name: 'Ask to reverse' })).toHaveCount(0);
  await expectAccessible(maker);

  // the checker: a risk operator finds it in the inbox with the row it reverses and approves it there
  const checkerContext = await desktopContext(browser, baseURL);
  const checker = await checkerContext.newPage();
  const risk = await demoOperator(request, 'risk');
  await signInAs(checker, risk);
  await checker.getByRole('link', { name: /^Approvals/ }).click();
  const row = checker
    .getByRole('table', { name: /^Waiting for you: \d+/ })
    .getByRole('row')
    .filter({ hasText: reason });
  await expect(row).toContainText('Reversal');
  await expect(row).toContainText('Reverses a repayment');
  await expect(row.getByRole('link', { name: repaid.orderNo })).toHaveAttribute('href', `/console/orders/${repaid.orderId}`);
  await expectAccessible(checker);
  await row.getByRole('button', { name: /^Approve reversal \d+$/ }).click();
  await expect(checker.getByRole('status')).toContainText(`Approved: reversal`);
  await expect(checker.getByRole('row').filter({ hasText: reason })).toHaveCount(0);

  // the order page: approved by the checker, a reversal row in the ledger, and the loan owes again
  await checker.goto(`/console/orders/${repaid.orderId}`);
  const decided = checker.getByRole('region', { name: 'Reversals' }).getByRole('row').filter({ hasText: reason });
  await expect(decided).toContainText('Approved');
  await expect(decided).toContainText(risk.name);
  await expect(checker.getByRole('region', { name: 'Ledger' }).getByRole('row').filter({ hasText: 'reversal' })).not.toHaveCount(0);
  await expect(checker.getByRole('region', { name: 'Owed today' }).getByRole('definition').first()).not.toHaveText('₹0.00');
  await expectAccessible(checker);
  await checkerContext.close();
  await makerContext.close();
});
