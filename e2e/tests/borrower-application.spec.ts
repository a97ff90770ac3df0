import { appUrl, type DemoMarket, expect, expectAccessible, test } from '../fixtures.js';
import { isNeedPop, logInOnPage, newRegistrationPhone, registerOnPromotionPage } from './borrower-app-helpers.js';

const texts = {
  IN: {
    apply: 'Apply',
    application: 'Your application',
    continue: 'Continue',
    name: 'Full name',
    salary: 'Monthly salary (₹)',
    salaried: 'Salaried',
    search: 'Search your city',
    cities: 'Cities',
    prefix: 'ben',
    city: 'Bengaluru',
    salaryValue: '45000',
    errors: [
      'Please enter your full name in letters.',
      'Please enter your monthly salary in rupees.',
      'Please choose your employment.',
      'Please choose your city from the list.',
    ],
    confirm: 'Confirm',
    agree: 'Agree',
    yourLoan: 'Your loan',
    disbursed: 'The money has been sent to your account',
    myLoans: 'My loans',
  },
  ID: {
    apply: 'Ajukan',
    application: 'Pengajuan Anda',
    continue: 'Lanjutkan',
    name: 'Nama lengkap',
    salary: 'Penghasilan per tahun (Rp)',
    salaried: 'Karyawan',
    search: 'Cari kota Anda',
    cities: 'Daftar kota',
    prefix: 'surab',
    city: 'Surabaya',
    salaryValue: '96000000',
    errors: [
      'Silakan masukkan nama lengkap Anda dengan huruf.',
      'Silakan masukkan penghasilan tahunan Anda dalam rupiah.',
      'Silakan pilih pekerjaan Anda.',
      'Silakan pilih kota Anda dari daftar.',
    ],
    confirm: 'Konfirmasi',
    agree: 'Setuju',
    yourLoan: 'Pinjaman Anda',
    disbursed: 'Dana telah dikirim ke rekening Anda',
    myLoans: 'Pinjaman saya',
  },
} as const;

const markets: DemoMarket[] = ['IN', 'ID'];

for (const market of markets) {
  const text = texts[market];

  test(`${market}: a new borrower applies from main, chooses a city by search, confirms, and watches the loan reach disbursed`, async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const phone = newRegistrationPhone(market);
    await registerOnPromotionPage(page, request, market, phone);

    const context = await browser.newContext();
    const fresh = await context.newPage();
    await fresh.goto(appUrl('/main', { isNeedPop: isNeedPop(market) }));
    await logInOnPage(fresh, request, market, phone);
    await fresh
      .getByRole('link', { name: new RegExp(`^${text.apply} — `) })
      .first()
      .click();
    await expect(fresh.getByRole('heading', { level: 1, name: text.application })).toBeVisible();
    await expectAccessible(fresh);

    // nothing filled: each field names its problem in the borrower's language
    await fresh.getByRole('button', { name: text.continue }).click();
    for (const error of text.errors) await expect(fresh.getByText(error, { exact: true })).toBeVisible();
    await expectAccessible(fresh);
    await expect(fresh).toHaveURL(/\/application\?productId=\d+/);

    await fresh.getByLabel(text.name).fill('Meera Iyer');
    await fresh.getByLabel(text.salary).fill(text.salaryValue);
    await fresh.getByRole('radio', { name: text.salaried }).check();
    await fresh.getByLabel(text.search).fill(text.prefix);
    const cities = fresh.getByRole('list', { name: text.cities });
    await expect(cities.getByRole('button')).toHaveCount(1);
    await cities.getByRole('button', { name: text.city }).click();
    await expect(cities.getByRole('button', { name: text.city })).toHaveAttribute('aria-pressed', 'true');
    await fresh.getByRole('button', { name: text.continue }).click();

    await expect(fresh).toHaveURL(/\/loanConfirm\?productId=\d+/);
    await fresh.getByRole('button', { name: text.confirm, exact: true }).click();
    await fresh.getByRole('dialog').getByRole('button', { name: text.agree }).click();
    await expect(fresh).toHaveURL(/\/loanDetails\?.*orderId=\d+/);

    // the underwriting decides and pays out after its configured delays: main follows the order
    await fresh.goto('/main');
    const current = fresh.getByRole('region', { name: text.yourLoan });
    await expect(current).toBeVisible();
    await expect
      .poll(
        async () => {
          await fresh.reload();
          await current.waitFor();
          return current.locator('[data-status]').textContent();
        },
        { timeout: 120_000, intervals: [5_000] },
      )
      .toBe(text.disbursed);
    await expectAccessible(fresh);
    await fresh.getByRole('link', { name: text.myLoans }).click();
    await expect(fresh.getByRole('main').getByRole('listitem')).toHaveCount(1);
    await expect(fresh.getByText(text.disbursed, { exact: true })).toBeVisible();
    await context.close();
  });
}
