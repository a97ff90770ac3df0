/**
 * Issue 47's bank statement reconciliation and the books in a desktop browser (decisions 260–261): a
 * supervisor records an offline repayment, uploads the bank's statement, sees the credit matched to
 * that order and resolves the credit that matches nothing with a note; the books page shows a
 * journal whose receivable agrees with the replay.
 */
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { expect, expectAccessible, test } from '../fixtures.js';
import { freshBorrower } from './repayment-helpers.js';

/** Today in India as a statement writes it, DD/MM/YY. */
const indiaToday = () => {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()).split('-');
  return `${day}/${month}/${year!.slice(2)}`;
};

test('a statement upload matches a credit to its offline repayment, and the credit that matches nothing is resolved with a note', async ({
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const borrower = await freshBorrower(request, 'IN');
  const overdue = borrower.orders.find((order) => order.status === 180)!;
  const reference = `UTR${Date.now()}`;
  const stranger = `IMPS${Date.now()}`;

  const context = await desktopContext(browser, baseURL);
  const page = await context.newPage();
  await signInAs(page, await demoOperator(request, 'supervisor'));
  await page.goto(`/console/orders/${overdue.orderId}`);
  const offline = page.getByRole('region', { name: 'Offline repayment' });
  await offline.getByLabel(/^Amount received/).fill('1000');
  await offline.getByLabel('Bank reference').fill(reference);
  await offline.getByLabel('Reason').fill('NEFT to the collection account');
  await offline.getByRole('button', { name: 'Record repayment' }).click();
  await expect(offline.getByRole('status')).toContainText('Recorded ₹1,000.00');

  await page.getByRole('link', { name: 'Bank statements' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bank statements' })).toBeVisible();
  const today = indiaToday();
  const statement = [
    'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    `${today},NEFT CR-HDFC0000001-BORROWER,${reference},${today},,"1,000.00","51,000.00"`,
    `${today},IMPS CR-UNKNOWN SENDER,${stranger},${today},,432.10,"51,432.10"`,
  ].join('\r\n');
  const upload = page.getByRole('form', { name: 'Upload a bank statement' });
  await upload
    .getByLabel('Statement file (CSV)')
    .setInputFiles({ name: 'hdfc-today.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
  await upload.getByRole('button', { name: 'Upload the statement' }).click();
  await expect(upload.getByRole('status')).toHaveText('hdfc-today.csv: 2 credits, 1 matched, 1 waiting, 0 already read.');

  const matched = page.getByRole('table', { name: /matched, newest first/ });
  await expect(matched.getByRole('row').filter({ hasText: reference })).toContainText(`Order ${overdue.orderNo}`);
  const waiting = page.getByRole('table', { name: /waiting, newest first/ });
  const row = waiting.getByRole('row').filter({ hasText: stranger });
  await expect(row).toContainText('₹432.10');
  await expectAccessible(page);

  const resolve = row.getByRole('form', { name: `Resolve credit ${stranger}` });
  await resolve.getByLabel('Note').fill('A vendor refund, not a borrower repayment');
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(waiting.getByRole('row').filter({ hasText: stranger })).toHaveCount(0);

  await page.getByRole('link', { name: 'Books', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('(they agree).');
  await expect(
    page
      .getByRole('table', { name: /days with entries/ })
      .getByRole('row')
      .filter({ hasText: '1000 Cash at bank' })
      .first(),
  ).toBeVisible();
  await expectAccessible(page);
  await context.close();
});

test("an admin changes a bucket's provisioning rate with a reason, and the provision follows it", async ({ request, browser, baseURL }) => {
  test.slow();
  const context = await desktopContext(browser, baseURL);
  const page = await context.newPage();
  await signInAs(page, await demoOperator(request, 'admin'));
  await page.goto('/console/books');
  const provisioning = page.getByRole('table', { name: /^As of / });
  const row = provisioning.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '181+', exact: true }) });
  await expect(row).toBeVisible();
  const rate = `${(Date.now() % 50) + 1}.25`;
  const form = page.getByRole('form', { name: 'Change a provisioning rate' });
  await form.getByLabel('Days past due').selectOption('181+');
  await form.getByLabel('Rate (%)').fill(rate);
  await form.getByLabel('Reason').fill('The auditor asked for the lender’s own rate');
  await form.getByRole('button', { name: 'Change the rate' }).click();
  await expect(form.getByRole('status')).toHaveText('The rate is changed.');
  await expect(row).toContainText(`${rate}%`);
  await expectAccessible(page);
  await context.close();
});
