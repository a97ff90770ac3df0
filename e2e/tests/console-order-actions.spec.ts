/**
 * Issue 31 item 2's order actions in a desktop browser (decisions 163 and 164): an operator records
 * an offline repayment against a bank reference and the borrower's loan details owe that much
 * less; a borrower who paid two codes for one debt is refunded — asked by one operator, approved by
 * another (the maker is offered no approval), paid through the payout job.
 */
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { callAs, expect, expectAccessible, test } from '../fixtures.js';
import { confirmCardRepayment, freshBorrower, openVirtualAccount, payCodeInSandbox, startCardRepayment } from './repayment-helpers.js';

test('an offline repayment against a bank reference lowers what the borrower owes; a second recording of it posts nothing', async ({
  request,
  browser,
  baseURL,
  api,
}) => {
  const borrower = await freshBorrower(request, 'IN');
  const overdue = borrower.orders.find((order) => order.status === 180)!;
  const amountDue = async () =>
    (
      await api<{ userOrderDetail: { detail: { text: string; value: string }[] } }>(borrower, 'loanDetails', {
        productId: overdue.productId,
        orderId: overdue.orderId,
      })
    ).userOrderDetail.detail.find((row) => row.text === 'Amount due')!.value;
  const dueBefore = await amountDue();
  const reference = `UTR${Date.now()}`;

  const context = await desktopContext(browser, baseURL);
  const page = await context.newPage();
  await signInAs(page, await demoOperator(request, 'supervisor'));
  await page.goto(`/console/orders/${overdue.orderId}`);
  const owed = page.getByRole('region', { name: 'Owed today' });
  await expect(owed.getByRole('definition').first()).toHaveText(dueBefore);

  const offline = page.getByRole('region', { name: 'Offline repayment' });
  await offline.getByLabel(/^Amount received/).fill('1000');
  await offline.getByLabel('Bank reference').fill(reference);
  await offline.getByLabel('Reason').fill('NEFT to the collection account, seen on the bank statement');
  await offline.getByRole('button', { name: 'Record repayment' }).click();
  await expect(offline.getByRole('status')).toContainText('Recorded ₹1,000.00: penalty');
  await expect(offline.getByRole('row').filter({ hasText: reference })).toContainText('₹1,000.00');

  const dueAfter = await amountDue();
  expect(dueAfter).not.toBe(dueBefore);
  await expect(owed.getByRole('definition').first()).toHaveText(dueAfter);
  await expectAccessible(page);

  // the same reference again: the first result, nothing posted twice
  await offline.getByLabel(/^Amount received/).fill('1000');
  await offline.getByLabel('Bank reference').fill(reference.toLowerCase());
  await offline.getByLabel('Reason').fill('Recorded again by mistake');
  await offline.getByRole('button', { name: 'Record repayment' }).click();
  await expect(offline.getByRole('status')).toContainText('This bank reference was recorded already');
  expect(await amountDue()).toBe(dueAfter);
  await expect(offline.getByRole('row').filter({ hasText: reference })).toHaveCount(1);
  await context.close();
});

test('a refund of an overpayment: asked by a supervisor with a reason, approved by risk (not by its maker), paid to the borrower account', async ({
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  // a borrower who paid one instalment twice
  const borrower = await freshBorrower(request, 'ID');
  const due = borrower.orders.find((order) => order.status === 174)!;
  // the account a refund goes to: given and validated as the borrower gives it in the app (the sandbox pays an account ending 7890 at once)
  const { applicantName } = await callAs<{ applicantName: string }>(request, borrower, 'disbursalAccount');
  const saved = await callAs<{ account: { status: string } }>(request, borrower, 'disbursalAccountSave', {
    kind: 'bank',
    holderName: applicantName,
    accountNumber: '1234567890',
    channelCode: 'ID_BCA',
  });
  expect(saved.account.status).toBe('valid');
  // a virtual account opened, then the instalment paid by card, then the code paid at the bank as well
  // (choosing another bank closes the first code, issue 48: a card does not)
  const code = await openVirtualAccount(request, borrower, due, due.amountDueMinor);
  const card = await startCardRepayment(request, borrower, due.orderId, due.amountDueMinor);
  if (card.needValid === 1) await confirmCardRepayment(request, borrower, due.orderId, card.repayRecordId);
  await payCodeInSandbox(request, code.vcode);
  const reason = `Paid by card and a code for one instalment ${Date.now()}`;

  const makerContext = await desktopContext(browser, baseURL);
  const maker = await makerContext.newPage();
  await signInAs(maker, await demoOperator(request, 'supervisor'));
  await maker.goto(`/console/orders/${due.orderId}`);
  const refund = maker.getByRole('region', { name: 'Refund of an overpayment' });
  await expect(refund).toContainText('Refunds go to');
  await refund.getByLabel(/^Amount to refund/).fill(String(due.amountDueMinor / 100));
  await refund.getByLabel('Reason for the refund').fill(reason);
  await refund.getByRole('button', { name: 'Ask to refund' }).click();
  await expect(refund.getByRole('status')).toContainText('another operator approves it');
  const asked = refund.getByRole('row').filter({ hasText: reason });
  await expect(asked).toContainText('Waiting for approval');
  await expect(asked.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await expect(asked).toContainText('another operator decides');
  await expectAccessible(maker);
  await makerContext.close();

  const checkerContext = await desktopContext(browser, baseURL);
  const checker = await checkerContext.newPage();
  const risk = await demoOperator(request, 'risk');
  await signInAs(checker, risk);
  await checker.goto(`/console/orders/${due.orderId}`);
  const pending = checker.getByRole('region', { name: 'Refund of an overpayment' }).getByRole('row').filter({ hasText: reason });
  await pending.getByRole('button', { name: /^Approve refund/ }).click();
  await expect(pending).toContainText('Approved');
  await expect(pending).toContainText(risk.name);
  await expect(pending).toContainText('queued');

  // the payout job sends it through the (sandbox) payout port; the gateway pays it at once
  expect((await request.post('/dev/jobs/payouts/run')).ok()).toBe(true);
  await checker.reload();
  const paid = checker.getByRole('region', { name: 'Refund of an overpayment' }).getByRole('row').filter({ hasText: reason });
  await expect(paid).toContainText('processed');
  await expect(paid).toContainText('UTR');
  await expect(checker.getByRole('region', { name: 'Refund of an overpayment' })).toContainText('not yet refunded or asked: Rp');
  await expectAccessible(checker);
  await checkerContext.close();
});
