/**
 * The risk desk (issue 47 defect 7) at desktop size: a borrower proves who they are on their phone
 * (selfie and KTP photo) and applies; a risk operator opens the order, reads the decision engine's
 * rules in words, follows the link to the borrower and opens their KYC documents — the selfie and the
 * KTP load through their signed links (the server audits each read: identity.api.test.ts).
 */
import { enIN } from '@kilat/contract/texts/en-IN';
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { appUrl, borrowerWithRoom, expect, expectAccessible, sessionParams, test } from '../fixtures.js';
import { proveIdentityFromLoanConfirm } from './borrower-app-helpers.js';

// the console speaks English: the main reason as the English pack tells it
const idReason = enIN.decisionReason_amountInRange;

test('a risk operator reads the rules of a decision on the order page and opens the borrower’s selfie and KTP', async ({
  page,
  request,
  browser,
  baseURL,
  api,
}) => {
  test.slow();
  const session = await borrowerWithRoom(request, 'ID', 'none');
  // the loan is sent to an account in the borrower's name
  await api(session, 'disbursalAccountSave', {
    kind: 'bank',
    holderName: 'Siti Rahayu',
    channelCode: 'ID_BCA',
    accountNumber: '1234567890',
  });
  await page.goto(appUrl('/loanConfirm', sessionParams(session, { orderId: '', productId: session.productId })));
  await proveIdentityFromLoanConfirm(page, 'ID', { name: 'Siti Rahayu', birthDate: '1991-03-04' });
  // an amount beyond the product submitted anyway (the slider cannot): rejected at once by the amount rule
  const offer = await api<{ periods: number }>(session, 'loanConfirm', { productId: session.productId });
  const { lendDetailsUrl } = await api<{ lendDetailsUrl: string }>(session, 'loanPush', {
    productId: session.productId,
    amount: '2000000000',
    periods: String(offer.periods),
    termUnit: '1',
  });
  const orderId = new URL(lendDetailsUrl, 'http://kilat.test').searchParams.get('orderId');

  const context = await desktopContext(browser, baseURL);
  const console = await context.newPage();
  await signInAs(console, await demoOperator(request, 'risk'));
  await console.goto(`/console/orders/${orderId}`);
  // the timeline says why, as the borrower was told
  await expect(console.getByRole('region', { name: 'Timeline' }).getByRole('row').filter({ hasText: 'Rejected' })).toContainText(idReason);
  const decision = console.getByRole('region', { name: 'Decision' });
  const rules = decision.getByRole('table', { name: /decision engine's rules/ });
  await expect(rules.getByRole('row').filter({ hasText: 'Amount in range' })).toContainText(
    /failed\s*amount Rp\s?20\.000\.000,00 · minimum Rp/,
  );
  await expect(rules.getByRole('row').filter({ hasText: 'Income floor' })).toContainText(/passed\s*monthly salary Rp/);
  await expect(rules).not.toContainText('Minor');
  await expectAccessible(console);
  await decision.getByRole('link', { name: /KYC documents/ }).click();

  const documents = console.getByRole('region', { name: 'KYC documents and selfies' });
  await expect(documents).toContainText('recorded in the audit log');
  await documents.getByRole('button', { name: 'Show the KYC documents' }).click();
  const current = documents.getByRole('article').first();
  await expect(current).toContainText('NIK and KTP · verified');
  await expect(current).toContainText('SITI RAHAYU');
  for (const name of [/^Selfie of identity check/, /^Document of identity check/]) {
    const image = current.getByRole('img', { name });
    await expect(image).toBeVisible();
    // loaded through its signed link: the browser decoded a picture
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  await expectAccessible(console);
  await context.close();
});
