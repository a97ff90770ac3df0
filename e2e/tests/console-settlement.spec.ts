/**
 * Issue 46's one-time settlement in a desktop browser, and what the borrower's phone then shows
 * (issue 46 §3, issue 49 item 3): a supervisor offers to close an overdue loan for 85 % of what it
 * owes today (within the share one supervisor may give, decision 213); the borrower pays that by
 * card; the day's run waives the rest through the ledger and closes the case as settled; the
 * borrower's My loans and loan details say "Settled by agreement" — not repaid, not written off —
 * and the closure letter says what the agreement says instead of "nothing is owed … no-dues"; the
 * collections dashboard counts it and links to the cases settled by agreement.
 */
import { OrderStatus } from '@kilat/contract';
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { appUrl, expect, expectAccessible, sessionParams, test } from '../fixtures.js';
import { confirmCardRepayment, freshBorrower, startCardRepayment } from './repayment-helpers.js';

const todayInIndia = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

test('a supervisor settles an overdue loan for less; paid in time, the borrower’s loan reads settled by agreement and its letter says so', async ({
  page: phone,
  request,
  browser,
  baseURL,
}) => {
  // three people's work across three browser pages, on a machine shared with other tests: more than test.slow()'s 90 s
  test.setTimeout(240_000);
  const borrower = await freshBorrower(request, 'IN');
  const overdue = borrower.orders.find((order) => order.status === OrderStatus.Overdue)!;

  const context = await desktopContext(browser, baseURL);
  const page = await context.newPage();
  await signInAs(page, await demoOperator(request, 'supervisor'));
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Collections' }).click();
  await page.getByRole('button', { name: 'Classify and allocate now' }).click();
  await expect(page.getByRole('status')).toContainText('Classified');
  await page.getByLabel('Order number').fill(overdue.orderNo);
  await page.getByRole('link', { name: overdue.orderNo }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Case ${overdue.orderNo}` })).toBeVisible();
  const owedText = (await page
    .getByRole('table', { name: 'Owed today' })
    .getByRole('row', { name: /^Total/ })
    .locator('td')
    .textContent())!;
  const owedMinor = Number(owedText.replace(/\D/g, ''));
  // 85 % in whole rupees: a discount within the 20 % one supervisor may give
  const settlementMinor = Math.ceil((owedMinor * 0.85) / 100) * 100;

  const offer = page.getByRole('form', { name: 'Offer a settlement' });
  await offer.getByLabel('Amount to close the loan').fill((settlementMinor / 100).toFixed(2));
  await offer.getByLabel('Valid until').fill(todayInIndia());
  await offer.getByLabel('Reason (kept in the audit log)').fill('Lost his job; his family pays a lump sum today');
  await expectAccessible(page);
  await offer.getByRole('button', { name: 'Offer the settlement' }).click();
  const settlement = page.getByRole('region', { name: 'Settlement' });
  await expect(settlement.getByText(/— offered ·/)).toBeVisible();

  // the borrower pays the settlement amount with their bound card
  const started = await startCardRepayment(request, borrower, overdue.orderId, settlementMinor);
  if (started.needValid === 1) await confirmCardRepayment(request, borrower, overdue.orderId, started.repayRecordId);

  // the day's run honours it: the rest waived through the ledger, the case closed as settled
  await page.getByRole('link', { name: 'Back to the cases' }).click();
  await page.getByRole('button', { name: 'Classify and allocate now' }).click();
  await expect(page.getByRole('status')).toContainText('Classified');
  await page.getByLabel('Case status').selectOption('closed');
  await page.getByLabel('Order number').fill(overdue.orderNo);
  await page.getByRole('link', { name: overdue.orderNo }).click();
  await expect(page.getByText(/closed \d{1,2} [A-Z][a-z]{2} \d{4} \(settled\)/)).toBeVisible();
  await expect(settlement.getByText(/— paid, .+ waived ·/)).toBeVisible();

  // the collections dashboard reports it, and its figure opens the cases settled by agreement
  await page.getByRole('link', { name: 'Back to the cases' }).click();
  await page.getByRole('link', { name: 'Collections dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Collections dashboard' })).toBeVisible();
  const settledRow = page.getByRole('row', { name: /^Settled by agreement/ });
  await expect(settledRow).toContainText('waived');
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', /\/collections\/dashboard\.csv\?market=IN/);
  await expectAccessible(page);
  await settledRow.getByRole('link').click();
  await expect(page.getByText(/From the dashboard: India · closed as settled/)).toBeVisible();
  await page.getByLabel('Order number').fill(overdue.orderNo);
  await expect(page.getByRole('link', { name: overdue.orderNo })).toBeVisible();
  await context.close();

  // the borrower's phone: My loans and loan details say settled by agreement
  await phone.goto(appUrl('/order', sessionParams(borrower)));
  const card = phone.getByRole('listitem').filter({ hasText: overdue.orderNo });
  await expect(card).toContainText('Settled by agreement');
  await expectAccessible(phone);
  await card.getByRole('link').first().click();
  await expect(phone.getByRole('heading', { level: 2, name: 'Settled by agreement' })).toBeVisible();
  await expect(phone.getByText('Waived by the settlement')).toBeVisible();
  await expectAccessible(phone);

  // its closure letter says what the agreement says, not "nothing is owed … no-dues"
  await phone.goto(appUrl('/closureLetter', { ...sessionParams(borrower), productId: overdue.productId, orderId: overdue.orderId }));
  await expect(phone.getByText(/settled by agreement, the rest of what was owed was waived/)).toBeVisible();
  const letter = await phone.getByRole('link', { name: 'Open the closure letter' }).getAttribute('href');
  await phone.goto(letter!);
  await expect(phone.getByText(/The loan is closed by a one-time settlement/)).toBeVisible();
  await expect(phone.getByText('Nothing is owed on it: this is your no-dues certificate.')).toHaveCount(0);
  await expectAccessible(phone);
});
