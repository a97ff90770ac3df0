/**
 * Issue 48, minor items, part 2, in a phone browser (390×844, and 360 px where a page changed): a new
 * borrower registers from login and comes back signed in, with the number they typed and a way back,
 * nothing covering "Register now", a wrong SMS code leaving the captcha as it was; another market's
 * number is named as such; Indonesian APRs have two decimals; a returning borrower is offered what they
 * gave last time; deleting an account refuses an open loan before asking; "Pay again" after a declined
 * card opens the same payment again.
 */
import { OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import applicationID from '../../apps/web/src/features/application/texts/id-ID.js';
import loginIN from '../../apps/web/src/features/login/texts/en-IN.js';
import settingIN from '../../apps/web/src/features/setting/texts/en-IN.js';
import { appUrl, borrowerWithRoom, callAs, expect, expectAccessible, test } from '../fixtures.js';
import { inboxSize, latestSmsCode, loginForm, newRegistrationPhone } from './borrower-app-helpers.js';
import { pageParams } from './loan-orders.js';
import { expectPaymentResult, openPayWay, orderIn, resultUi, ui } from './pay-way-helpers.js';
import { freshBorrower } from './repayment-helpers.js';

/**
 * The element drawn at the centre of a locator is the locator's own (or inside it): nothing covers it,
 * a toast included (it lets taps through, which hit testing skips: for this one look it takes them).
 */
const expectUncovered = async (target: Locator) => {
  await expect(target).toBeVisible();
  const covering = await target.evaluate((element: HTMLElement) => {
    const toasts = [...document.querySelectorAll<HTMLElement>('.toast')];
    for (const toast of toasts) toast.style.pointerEvents = 'auto';
    const box = element.getBoundingClientRect();
    const drawn = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    for (const toast of toasts) toast.style.pointerEvents = '';
    return drawn !== null && element.contains(drawn) ? '' : `${drawn?.tagName.toLowerCase()}.${drawn?.className}`;
  });
  expect(covering, 'covered by another element').toBe('');
};

/** No sideways scrolling at the page's current width. */
const expectNoOverflow = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

const promotionForm = (page: Page) => ({
  phone: page.getByLabel('Phone number'),
  captcha: page.getByLabel('Image captcha', { exact: true }),
  image: page.getByRole('img', { name: 'Image captcha' }),
  sms: page.getByLabel('SMS code'),
  getCode: page.getByRole('button', { name: /^(Get code|\d+ s)$/ }),
  apply: page.getByRole('button', { name: 'Apply', exact: true }),
});

/** The captcha session on screen and its text, read from the development hook once its image has loaded. */
const captchaOnScreen = async (page: Page, request: APIRequestContext) => {
  const { image } = promotionForm(page);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const sid = new URL((await image.getAttribute('src')) ?? '', 'http://localhost').searchParams.get('sid') ?? '';
  const text = ((await (await request.get(`/dev/captcha?sid=${encodeURIComponent(sid)}`)).json()) as { data: { text: string } }).data.text;
  return { sid, text };
};

test.describe('registration from login (issue 48)', () => {
  test('a new number: Register now is not covered, registration keeps the number, has a way back, survives a wrong code, and signs the borrower in (IN)', async ({
    page,
    request,
  }) => {
    test.slow();
    const phone = newRegistrationPhone('IN');
    await page.goto(appUrl('/login', { isNeedPop: 1 }));
    const login = loginForm(page, 'IN');
    await login.phone.fill(phone);
    await login.getCode.click();
    const offer = page.getByRole('region', { name: loginIN.noAccountTitle });
    await expect(offer).toBeVisible();
    // the offer says it in place: no toast is laid over its button (looked at once, not after a toast would have gone)
    const registerNow = offer.getByRole('link', { name: loginIN.registerNow });
    await expectUncovered(registerNow);
    expect(await page.locator('.toast', { hasText: enIN.noAccountForPhone }).count()).toBe(0);
    await expectAccessible(page);

    await registerNow.click();
    await expect(page).toHaveURL(/\/promotion\?/);
    const form = promotionForm(page);
    // the number typed at login, as the market writes it
    await expect(form.phone).toHaveValue(`${phone.slice(0, 5)} ${phone.slice(5)}`);
    // a way back to login, which still goes where it was going
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/login\?.*next=%2Fmain/);
    await expect(page.getByRole('heading', { level: 1, name: loginIN.title })).toBeVisible();
    await login.phone.fill(phone);
    await page.getByRole('link', { name: loginIN.register, exact: true }).click();
    await expect(form.phone).toHaveValue(`${phone.slice(0, 5)} ${phone.slice(5)}`);
    await expectAccessible(page);

    const captcha = await captchaOnScreen(page, request);
    await form.captcha.fill(captcha.text);
    const before = await inboxSize(request, `+91${phone}`);
    await form.getCode.click();
    const code = await latestSmsCode(request, `+91${phone}`, before);
    // a wrong code is refused, and the captcha stays as it was: the borrower retypes only the code
    await form.sms.fill(code === '000000' ? '111111' : '000000');
    await form.apply.click();
    await expect(page.getByRole('status').getByText(enIN.smsCodeWrong, { exact: true })).toBeVisible();
    await expect(form.captcha).toHaveValue(captcha.text);
    expect((await captchaOnScreen(page, request)).sid).toBe(captcha.sid);
    await form.sms.fill(code);
    await form.apply.click();
    await expect(page.getByRole('status').getByText(enIN.registrationSuccessful, { exact: true })).toBeVisible();

    // signed in with the code just verified: main, with no second code
    await expect(page).toHaveURL(/\/main(\?|$)/);
    await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
    expect(await inboxSize(request, `+91${phone}`)).toBe(before + 1);
    await expectAccessible(page);

    // with no loan, deleting the account asks first
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: settingIN.deleteAccount }).click();
    await expect(page.getByRole('group', { name: settingIN.deleteConfirm })).toBeVisible();
    await expectAccessible(page);
  });

  test('an Indonesian number on the India login is named as Indonesian, kept whole, and no code is sent (IN)', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto(appUrl('/login', { isNeedPop: 1 }));
    const login = loginForm(page, 'IN');
    await login.phone.pressSequentially('081234567890');
    // every digit kept, as Indonesia writes it: not cut into the Indian 08123 456789
    await expect(login.phone).toHaveValue('0812 3456 7890');
    await expect(page.getByRole('alert').getByText(enIN.phoneIsIndonesian)).toBeVisible();
    await expect(login.phone).toHaveAttribute('aria-invalid', 'true');
    await login.getCode.click();
    await expect(page.getByRole('status').getByText(enIN.phoneIsIndonesian)).toBeVisible();
    expect(await inboxSize(request, '+918123456789')).toBe(0);
    expect(await inboxSize(request, '+6281234567890')).toBe(0);
    await expectNoOverflow(page);
    await expectAccessible(page);
  });
});

test('the Indonesian APR is written with two decimals wherever it is stated (ID)', async ({ page, request }) => {
  const session = await borrowerWithRoom(request, 'ID');
  const apr = /^\d{1,3},\d{2}%$/;
  const definitionOf = (scope: Page | Locator, label: string) =>
    scope
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
      .first()
      .locator('xpath=following-sibling::dd[1]');

  // every term the product offers: its APR as the application and loan confirm state it
  const offer = await callAs<{ sp_rate: string; choice: { termOptions: number[] }; keyFacts: { apr: string } }>(
    request,
    session,
    'loanConfirm',
    { productId: session.productId },
  );
  for (const term of offer.choice.termOptions) {
    const priced = await callAs<{ sp_rate: string; keyFacts: { apr: string } }>(request, session, 'loanConfirm', {
      productId: session.productId,
      term: String(term),
    });
    expect(priced.sp_rate).toMatch(apr);
    expect(priced.keyFacts.apr).toBe(priced.sp_rate);
  }
  await page.goto(appUrl('/application', pageParams(session, { orderId: '', productId: session.productId })));
  await expect(definitionOf(page, applicationID.apr)).toHaveText(apr);
  await page.goto(appUrl('/loanConfirm', pageParams(session, { orderId: '', productId: session.productId })));
  await expect(definitionOf(page.getByRole('region', { name: idID.loanKeyFactTitle }), idID.loanApr)).toHaveText(apr);
  await page.goto(appUrl('/productDetail', pageParams(session, { orderId: '', productId: session.productId })));
  await expect(definitionOf(page, 'Suku bunga tahunan (APR)')).toHaveText(apr);
  await expectAccessible(page);
});

test('a returning borrower is offered what they gave last time, their verified name and birth date kept, and goes on without retyping (ID)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const session = await borrowerWithRoom(request, 'ID');
  await callAs(request, session, 'applicationSubmit', {
    productId: session.productId,
    name: 'Siti Rahma',
    salary: '96000000',
    employment: 'self-employed',
    city: 'Bandung',
    birthDate: '1990-05-04',
    married: '1',
  });
  const last = await callAs<{ name: string; birthDate: string; identityVerified: boolean }>(request, session, 'lastApplication');
  expect(last.identityVerified).toBe(true);

  await page.goto(appUrl('/application', pageParams(session, { orderId: '', productId: session.productId })));
  await expect(page.getByRole('status').getByText(/^Diisi dengan data yang Anda berikan pada \d{4}-\d{2}-\d{2}\./)).toBeVisible();
  await expect(page.getByText(applicationID.identityKeptNote, { exact: false })).toBeVisible();
  const name = page.getByLabel(applicationID.nameLabel);
  await expect(name).toHaveValue(last.name);
  await expect(name).not.toBeEditable();
  await expect(page.getByLabel(applicationID.birthDateLabel)).toHaveValue(last.birthDate);
  await expect(page.getByLabel(applicationID.salaryLabel.ID)).toHaveValue('96000000');
  await expect(page.getByRole('radio', { name: applicationID.employment['self-employed'] })).toBeChecked();
  await expect(page.getByRole('radio', { name: applicationID.yes, exact: true })).toBeChecked();
  await expect(page.getByText(applicationID.cityChosen.replace('{city}', 'Bandung'))).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page);

  await page.getByRole('button', { name: applicationID.continue }).click();
  await expect(page).toHaveURL(/\/loanConfirm\?/);
  // the identity already verified stays verified: loan confirm does not ask for it again
  await expect(page.getByRole('link', { name: 'Verifikasi identitas' })).toHaveCount(0);
});

test('deleting an account with an open loan says so at once, before asking "Delete for good?" (IN)', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const borrower = await freshBorrower(request, 'IN');
  await page.goto(appUrl('/setting', pageParams(borrower, { orderId: '', productId: '' })));
  await page.getByRole('button', { name: settingIN.deleteAccount }).click();
  const refusal = page
    .getByRole('alert')
    .getByText(/^Your account cannot be deleted while a loan is open \(KL[^)]+\)\. Please repay it first\.$/);
  await expect(refusal).toBeVisible();
  await expect(page.getByRole('group', { name: settingIN.deleteConfirm })).toHaveCount(0);
  await expect(page.getByRole('button', { name: settingIN.deleteYes })).toHaveCount(0);
  await expectNoOverflow(page);
  await expectAccessible(page);
});

test('"Pay again" after a declined card opens the same payment again, not loan details (IN)', async ({ page, request }) => {
  const market = 'IN';
  const c = ui[market];
  const borrower = await freshBorrower(request, market);
  const order = orderIn(borrower, OrderStatus.DueSoon);
  // the sandbox's card that asks for a code, then is declined (docs/sandboxes.md)
  const card = await callAs<{ bankName: string; cardNo: string }>(request, borrower, 'bindCard', {
    bankCode: 'HDFC',
    cardNo: '4000000000000002',
    holderName: 'Test Borrower',
  });
  const way = await callAs<{ amount: number }>(request, borrower, 'repaymentWay', { orderId: order.orderId });
  await openPayWay(page, borrower, order, way.amount);
  await page.getByRole('radio', { name: `${card.bankName} ${card.cardNo}` }).check();
  await page.getByRole('button', { name: c.pay }).click();
  const dialog = page.getByRole('dialog', { name: c.verify });
  await dialog.getByLabel(c.code).fill(await latestSmsCode(request, borrower.phone));
  await dialog.getByRole('button', { name: c.confirm }).click();
  await expectPaymentResult(page, market, order, 'failed');
  await expectAccessible(page);
  await page.getByRole('link', { name: resultUi[market].payAgain }).click();
  await expect(page).toHaveURL(new RegExp(`/payway\\?.*withholdingAmount=${way.amount}&purpose=repay`));
  await expect(page.getByRole('heading', { level: 1, name: c.payWay })).toBeVisible();
});
