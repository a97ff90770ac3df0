import { API_PREFIX, Endpoints } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { appUrl, type DemoMarket, expect, expectAccessible, test } from '../fixtures.js';
import {
  expectNoCodeSent,
  inboxSize,
  isNeedPop,
  latestSmsCode,
  logInOnPage,
  loginForm,
  newRegistrationPhone,
  registerOnPromotionPage,
} from './borrower-app-helpers.js';

const texts = {
  IN: {
    login: 'Log in',
    main: 'Kilat',
    products: 'Loans for you',
    yourLoan: 'Your loan',
    myLoans: 'My loans',
    noOrders: 'You have no loans yet.',
    apply: 'Apply',
    repay: 'Repay',
    badPhone: enIN.enterPhoneCorrectly,
    resend: enIN.doNotResendCode,
    wrongCode: enIN.verificationCodeWrong,
    overdue: 'Your repayment is overdue',
    details: 'Details of',
    example: 'What it costs: an example',
    repayments: 'Repayments',
    eligibility: 'Salaried people earning ₹12,000.00 a month or more.',
    intro: /^Borrow ₹2,000\.00 to ₹80,000\.00, in your account within 2 hours\.$/,
  },
  ID: {
    login: 'Masuk',
    main: 'Kilat',
    products: 'Pinjaman untuk Anda',
    yourLoan: 'Pinjaman Anda',
    myLoans: 'Pinjaman saya',
    noOrders: 'Anda belum memiliki pinjaman.',
    apply: 'Ajukan',
    repay: 'Bayar',
    badPhone: idID.enterPhoneCorrectly,
    resend: idID.doNotResendCode,
    wrongCode: idID.verificationCodeWrong,
    overdue: 'Pembayaran Anda terlambat',
    details: 'Detail',
    example: 'Contoh biaya pinjaman',
    repayments: 'Jadwal pembayaran',
    eligibility: 'Berpenghasilan tahunan Rp 5.000.000,00 atau lebih.',
    // the amounts keep a no-break space after Rp (decision 055)
    intro: /^Pinjam Rp\u00a01\.000\.000,00 sampai Rp\u00a015\.000\.000,00, dana cair dalam 1–3 hari\.$/,
  },
} as const;

const markets: DemoMarket[] = ['IN', 'ID'];

for (const market of markets) {
  const text = texts[market];

  test(`${market}: a signed-out borrower is sent to login, logs in with the SMS code and comes back to main with the products to apply for`, async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const phone = newRegistrationPhone(market);
    await registerOnPromotionPage(page, request, market, phone);

    // later, a fresh browser: no session anywhere
    const context = await browser.newContext();
    const fresh = await context.newPage();
    await fresh.goto(appUrl('/main', { isNeedPop: isNeedPop(market) }));
    await expect(fresh).toHaveURL(/\/login\?next=%2Fmain/);
    await expect(fresh.getByRole('heading', { level: 1, name: text.login })).toBeVisible();
    await expectAccessible(fresh);

    await logInOnPage(fresh, request, market, phone);
    await expect(fresh).toHaveURL(/\/main(\?|$)/);
    expect(fresh.url()).not.toContain('sessionId');
    await expect(fresh.getByRole('heading', { level: 2, name: text.products })).toBeVisible();
    await expect(fresh.getByText(text.intro)).toBeVisible();
    await expect(fresh.getByRole('link', { name: new RegExp(`^${text.apply} — `) }).first()).toBeVisible();
    await expectAccessible(fresh);

    // product detail: prices, a worked example, who can apply
    await fresh
      .getByRole('link', { name: new RegExp(`^${text.details} `) })
      .first()
      .click();
    await expect(fresh).toHaveURL(/\/productDetail\?productId=\d+/);
    await expect(fresh.getByRole('heading', { level: 2, name: text.example })).toBeVisible();
    await expect(fresh.getByRole('table', { name: text.repayments })).toBeVisible();
    await expect(fresh.getByText(text.eligibility)).toBeVisible();
    await expectAccessible(fresh);
    await fresh.goBack();

    await fresh.getByRole('link', { name: text.myLoans }).click();
    await expect(fresh).toHaveURL(/\/order$/);
    await expect(fresh.getByText(text.noOrders)).toBeVisible();
    await expectAccessible(fresh);
    // nothing of the session is in the address or the page's other storage
    expect(await fresh.evaluate(() => window.localStorage.getItem('kilat.session'))).toBeNull();
    await context.close();
  });

  test(`${market}: main shows the running loan with its amount due and repay; order lists every loan and opens its details`, async ({
    page,
    request,
  }) => {
    const demo = (await (await request.get(`/dev/session?market=${market}&fresh=1`)).json()) as {
      phone: string;
      orders: { orderId: string; orderNo: string }[];
    };
    await page.goto(appUrl('/login', { isNeedPop: isNeedPop(market) }));
    await logInOnPage(page, request, market, demo.phone);
    await expect(page).toHaveURL(/\/main$/);
    const current = page.getByRole('region', { name: text.yourLoan });
    // the fresh borrower has a loan in every status: main shows the most pressing, the overdue one
    await expect(current.getByText(text.overdue, { exact: true })).toBeVisible();
    await expect(current.getByRole('link', { name: text.repay, exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: text.myLoans }).click();
    // the loans, not the help links below them (issue 30)
    const items = page.getByRole('main').getByRole('list').first().getByRole('listitem');
    await expect(items).toHaveCount(demo.orders.length);
    for (const order of demo.orders) await expect(page.getByText(order.orderNo)).toBeVisible();
    await expectAccessible(page);

    // each loan's first link opens its details (the statement and closure letter links follow it)
    await items.first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/loanDetails\?productId=\d+&orderId=\d+/);
  });

  test(`${market}: login names a bad phone, a repeated code request and a wrong code in the borrower's language`, async ({
    page,
    request,
  }) => {
    const demo = (await (await request.get(`/dev/session?market=${market}&fresh=1`)).json()) as { phone: string };
    await page.goto(appUrl('/login', { isNeedPop: isNeedPop(market) }));
    const form = loginForm(page, market);
    await form.phone.fill('123');
    await form.getCode.click();
    await expect(page.getByRole('status').getByText(text.badPhone, { exact: true })).toBeVisible();

    await form.phone.fill(demo.phone);
    await form.getCode.click();
    await expect(form.getCode).toHaveText(/\d+ (s|dtk)$/);
    // aria-disabled, not disabled: the tap still answers (spec §5)
    await form.getCode.click({ force: true });
    await expect(page.getByRole('status').getByText(text.resend, { exact: true })).toBeVisible();

    await form.sms.fill('000000');
    await form.logIn.click();
    await expect(page.getByRole('status').getByText(text.wrongCode, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test(`${market}: a double tap on get code and on log in sends each call once`, async ({ page, request }) => {
    const demo = (await (await request.get(`/dev/session?market=${market}&fresh=1`)).json()) as { phone: string };
    const sent = { code: 0, login: 0 };
    page.on('request', (call) => {
      const path = new URL(call.url()).pathname;
      if (path === `${API_PREFIX}${Endpoints.loginCode.path}`) sent.code += 1;
      if (path === `${API_PREFIX}${Endpoints.login.path}`) sent.login += 1;
    });
    await page.goto(appUrl('/login', { isNeedPop: isNeedPop(market) }));
    const form = loginForm(page, market);
    await form.phone.fill(demo.phone);
    const before = await inboxSize(request, demo.phone);
    // two taps in one task: the second comes before the page has rendered the first as pending
    await form.getCode.evaluate((button: HTMLElement) => {
      button.click();
      button.click();
    });
    await expect(form.getCode).toHaveText(/\d+ (s|dtk)$/);
    await form.sms.fill(await latestSmsCode(request, demo.phone, before));
    await form.logIn.evaluate((button: HTMLElement) => {
      button.click();
      button.click();
    });
    await expect(page).toHaveURL(/\/main$/);
    expect(sent).toEqual({ code: 1, login: 1 });
  });
}

const settingTexts = {
  IN: {
    settings: 'Settings',
    delete: 'Delete my account',
    yes: 'Yes, delete my account',
    refused: /^Your account cannot be deleted while a loan is open \(KL\w+\)\. Please repay it first\.$/,
    deleted: 'Your account has been deleted.',
    logOut: 'Log out',
    login: 'Log in',
  },
  ID: {
    settings: 'Pengaturan',
    delete: 'Hapus akun saya',
    yes: 'Ya, hapus akun saya',
    refused: /^Akun Anda tidak dapat dihapus selama masih ada pinjaman berjalan \(KL\w+\)\. Silakan lunasi terlebih dahulu\.$/,
    deleted: 'Akun Anda telah dihapus.',
    logOut: 'Keluar',
    login: 'Masuk',
  },
} as const;

for (const market of markets) {
  const text = settingTexts[market];

  test(`${market}: settings refuse to delete an account with an open loan, and log out`, async ({ page, request }) => {
    const demo = (await (await request.get(`/dev/session?market=${market}&fresh=1`)).json()) as { phone: string };
    await page.goto(appUrl('/login', { isNeedPop: isNeedPop(market) }));
    await logInOnPage(page, request, market, demo.phone);
    await page.getByRole('link', { name: text.settings }).click();
    await expect(page.getByRole('heading', { level: 1, name: text.settings })).toBeVisible();
    await expectAccessible(page);

    // refused at once, before "Delete for good?" is asked (issue 48)
    await page.getByRole('button', { name: text.delete }).click();
    await expect(page.getByRole('alert').getByText(text.refused)).toBeVisible();
    await expect(page.getByRole('button', { name: text.yes })).toHaveCount(0);
    await expect(page).toHaveURL(/\/setting$/);

    await page.getByRole('button', { name: text.logOut, exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/main');
    await expect(page).toHaveURL(/\/login\?next=%2Fmain/);
  });

  test(`${market}: a borrower without loans deletes the account and can no longer log in`, async ({ page, request }) => {
    const phone = newRegistrationPhone(market);
    await registerOnPromotionPage(page, request, market, phone);
    await page.goto(appUrl('/login', { isNeedPop: isNeedPop(market) }));
    await logInOnPage(page, request, market, phone);
    await page.getByRole('link', { name: text.settings }).click();
    await page.getByRole('button', { name: text.delete }).click();
    await expectAccessible(page);
    await page.getByRole('button', { name: text.yes }).click();
    await expect(page.getByRole('status').getByText(text.deleted, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // the phone is unknown now: asking for a code sends nothing (as for any unknown phone)
    await expectNoCodeSent(page, request, market, phone);
  });
}
