/**
 * Issue 29's review queue in a browser: a self-employed Indian applicant's loan waits for review (21,
 * with its one-day deadline on loan details); a risk operator finds it in the console's queue with
 * its rules and account validation, approves it with a reason, and the borrower sees it move to
 * disbursal (151).
 */
import { enIN } from '@kilat/contract/texts/en-IN';
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { appUrl, callAs, type DemoSession, expect, expectAccessible, sessionParams, test } from '../fixtures.js';

test('a risk operator approves an application waiting for review; the borrower sees it move to disbursal', async ({
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
  const context = await desktopContext(browser, baseURL);
  const console_ = await context.newPage();
  await signInAs(console_, await demoOperator(request, 'risk'));
  await console_.getByRole('link', { name: 'Reviews' }).click();
  const application = console_.getByRole('article', { name: new RegExp(`^${orderNo} `) });
  await expect(application).toBeVisible();
  await expect(application.getByRole('cell', { name: 'employment', exact: true })).toBeVisible();
  await expect(application.getByText(/valid, name at the bank/)).toBeVisible();
  await expectAccessible(console_);
  await application.getByRole('radio', { name: 'Approve' }).check();
  await application.getByLabel('Reason (kept in the audit log)').fill('Bank statements show a steady income');
  await application.getByRole('button', { name: 'Record the decision' }).click();
  await expect(application).toBeHidden();
  await context.close();

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: enIN.loanNotice151 })).toBeVisible();
  await expectAccessible(page);
});
