/**
 * Issue 29's review queue in a browser: a self-employed Indian applicant's loan waits for review (21,
 * with its one-day deadline on loan details); once that day passed it is escalated (decision 162):
 * marked in the queue and the borrower reads that it is late. A risk operator finds it with its rules
 * and account validation and approves it with a reason — overriding the employment rule, a rule
 * exception (decision 161) that waits for a second risk operator, who confirms it — and the borrower
 * sees it move to disbursal (151).
 */
import { enIN } from '@kilat/contract/texts/en-IN';
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { appUrl, callAs, type DemoSession, expect, expectAccessible, sessionParams, test } from '../fixtures.js';

test('an application past its deadline is escalated; a risk operator approves its rule exception, a second confirms it, and the borrower sees it move to disbursal', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const session = (await (await request.get('/dev/session?market=IN&fresh=due')).json()) as DemoSession;
  const productId = session.productId;
  await callAs(request, session, 'applicationSubmit', {
    productId,
    name: 'Aarav Sharma',
    salary: '45000',
    employment: 'self-employed',
    city: 'Pune',
    birthDate: '1990-04-12',
  });
  await callAs(request, session, 'disbursalAccountSave', {
    kind: 'bank',
    holderName: 'Aarav Sharma',
    accountNumber: '1234567890123',
    ifsc: 'HDFC0001234',
  });
  const offer = await callAs<{ periods: number }>(request, session, 'loanConfirm', { productId, amount: '2000000' });
  const { lendDetailsUrl } = await callAs<{ lendDetailsUrl: string }>(request, session, 'loanPush', {
    productId,
    amount: '2000000',
    periods: String(offer.periods),
    termUnit: '1',
  });
  const orderId = new URL(lendDetailsUrl, 'http://kilat.test').searchParams.get('orderId')!;
  await page.goto(appUrl('/loanDetails', sessionParams(session, { productId, orderId })));
  await expect(page.getByRole('heading', { level: 2, name: enIN.loanNotice21 })).toBeVisible();
  await expect(page.getByText(enIN.loanReviewDeadlineLabel, { exact: true })).toBeVisible();

  const orderNo = (
    await callAs<{ userOrderDetail: { detail: { text: string; value: string }[] } }>(request, session, 'loanDetails', {
      productId,
      orderId,
    })
  ).userOrderDetail.detail[0]!.value;
  // the spec's one day passes: escalated, and the borrower is told it is late
  expect((await request.post(`/dev/orders/${orderId}/age`, { data: { days: 2 } })).ok()).toBe(true);
  await page.reload();
  await expect(page.getByText(enIN.loanNoticeDes21Late)).toBeVisible();

  const context = await desktopContext(browser, baseURL);
  const console_ = await context.newPage();
  await signInAs(console_, await demoOperator(request, 'risk'));
  await console_.getByRole('link', { name: 'Reviews' }).click();
  await expect(console_.getByRole('status').filter({ hasText: /past (its|their) one-day deadline: escalated/ })).toBeVisible();
  const application = console_.getByRole('article', { name: new RegExp(`^${orderNo} `) });
  await expect(application).toBeVisible();
  await expect(application.getByText('Escalated · past the one-day deadline')).toBeVisible();
  await expect(application.getByText(/^Overdue since/)).toBeVisible();
  // each rule in words, what it read beside it (issue 47): never JSON in minor units
  await expect(application.getByRole('row').filter({ hasText: 'Employment' })).toContainText(/sent to review\s*employment /);
  await expect(application.getByRole('table')).not.toContainText('Minor');
  await expect(application.getByText(/valid, name at the bank/)).toBeVisible();
  await expectAccessible(console_);
  await application.getByRole('radio', { name: 'Approve' }).check();
  await application.getByLabel('Reason (kept in the audit log)').fill('Bank statements show a steady income');
  await application.getByRole('button', { name: 'Record the decision' }).click();
  // the employment rule asked for a person: approving over it waits for a second risk operator
  await expect(application.getByText(/^Waiting for a second approval: Ravi Risk approved it/)).toBeVisible();
  await expect(application.getByText('You asked for this approval: another risk operator confirms it.')).toBeVisible();
  await expect(application.getByRole('button', { name: `Confirm the approval of ${orderNo}` })).toHaveCount(0);
  await expectAccessible(console_);
  await context.close();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: enIN.loanNotice21 })).toBeVisible();

  const checkerContext = await desktopContext(browser, baseURL);
  const checker = await checkerContext.newPage();
  await signInAs(checker, await demoOperator(request, 'risk', 1));
  await checker.getByRole('link', { name: 'Reviews' }).click();
  const waiting = checker.getByRole('article', { name: new RegExp(`^${orderNo} `) });
  await expect(waiting.getByText(/^Waiting for a second approval: Ravi Risk approved it/)).toBeVisible();
  await expectAccessible(checker);
  await waiting.getByRole('button', { name: `Confirm the approval of ${orderNo}` }).click();
  await expect(waiting).toBeHidden();
  await checkerContext.close();

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: enIN.loanNotice151 })).toBeVisible();
  await expectAccessible(page);
});
