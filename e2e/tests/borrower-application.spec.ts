/**
 * Issue 17's journey in a phone browser, in both packs: a prospect registers on the promotion page,
 * later opens Kilat in a fresh browser, logs in with the SMS code, applies (city chosen by search),
 * is refused at confirm until they prove who they are (issue 29), does so through the sandbox KYC
 * provider, confirms, and watches the loan reach disbursed on main and order. Settings refuse to delete the
 * account while the loan is open. The loan is repaid on the checkout page once due; the repayment is
 * in the history with its receipt, and the message centre holds a message for each event. Settings
 * switch the language and back, log out; after logging in again the account is deleted, and the
 * phone can no longer log in.
 */
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
  proveIdentityFromLoanConfirm,
  registerOnPromotionPage,
} from './borrower-app-helpers.js';
import { expectPaymentResult, ui } from './pay-way-helpers.js';

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
    prefix: 'beng',
    city: 'Bengaluru',
    salaryValue: '45000',
    birthDate: 'Date of birth',
    married: null,
    errors: [
      'Please enter your full name in letters.',
      'Please enter your monthly salary in rupees.',
      'Please choose your employment.',
      'Please choose your city from the list.',
      'Please enter your date of birth.',
    ],
    confirm: 'Confirm',
    agree: 'Agree',
    missingIdentity: 'Before you confirm, please prove who you are.',
    yourLoan: 'Your loan',
    disbursed: 'The money has been sent to your account',
    myLoans: 'My loans',
    t: enIN,
    settings: 'Settings',
    delete: 'Delete my account',
    yes: 'Yes, delete my account',
    deleted: 'Your account has been deleted.',
    payNow: 'Pay now',
    historyLink: 'Repayment history and receipts',
    history: 'Repayment history',
    receipt: 'Repayment receipt',
    openReceipt: 'Open the receipt to save or share it',
    messages: 'Messages',
    language: { group: 'Language', own: 'English', other: 'Bahasa Indonesia', otherSettings: 'Pengaturan' },
    logOut: 'Log out',
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
    birthDate: 'Tanggal lahir',
    married: { group: 'Apakah Anda sudah menikah?', no: 'Tidak' },
    errors: [
      'Silakan masukkan nama lengkap Anda dengan huruf.',
      'Silakan masukkan penghasilan tahunan Anda dalam rupiah.',
      'Silakan pilih pekerjaan Anda.',
      'Silakan pilih kota Anda dari daftar.',
      'Silakan masukkan tanggal lahir Anda.',
    ],
    confirm: 'Konfirmasi',
    agree: 'Setuju',
    missingIdentity: 'Sebelum mengonfirmasi, verifikasi identitas Anda terlebih dahulu.',
    yourLoan: 'Pinjaman Anda',
    disbursed: 'Dana telah dikirim ke rekening Anda',
    myLoans: 'Pinjaman saya',
    t: idID,
    settings: 'Pengaturan',
    delete: 'Hapus akun saya',
    yes: 'Ya, hapus akun saya',
    deleted: 'Akun Anda telah dihapus.',
    payNow: 'Bayar sekarang',
    historyLink: 'Riwayat dan bukti pembayaran',
    history: 'Riwayat pembayaran',
    receipt: 'Bukti pembayaran',
    openReceipt: 'Buka bukti pembayaran untuk menyimpan atau membagikannya',
    messages: 'Pesan',
    language: { group: 'Bahasa', own: 'Bahasa Indonesia', other: 'English', otherSettings: 'Settings' },
    logOut: 'Keluar',
  },
} as const;

const markets: DemoMarket[] = ['IN', 'ID'];

/** The account page's labels (issue 28) and a sandbox account that is paid at once (docs/sandboxes.md). */
const payoutAccounts = {
  IN: {
    payoutTitle: 'Where the money goes',
    add: 'Add your account',
    number: 'Account number',
    save: 'Save and continue',
    value: '1234567890123',
  },
  ID: {
    payoutTitle: 'Ke mana dana dikirim',
    add: 'Tambahkan rekening Anda',
    number: 'Nomor rekening',
    save: 'Simpan dan lanjutkan',
    value: '1234567890',
  },
} as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const market of markets) {
  const text = texts[market];

  test(`${market}: a new borrower registers, logs in, applies with a city by search, watches the loan disbursed, repays, finds history, receipt and messages, switches language and deletes the account after repaying`, async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(300_000);
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
    await fresh.getByLabel(text.birthDate).fill('1994-02-11');
    if (text.married) await fresh.getByRole('group', { name: text.married.group }).getByRole('radio', { name: text.married.no }).check();
    await fresh.getByLabel(text.salary).fill(text.salaryValue);
    await fresh.getByRole('radio', { name: text.salaried }).check();
    await fresh.getByLabel(text.search).fill(text.prefix);
    const cities = fresh.getByRole('list', { name: text.cities });
    // the one city that starts so, and the choice for a town not in the list (issue 30)
    await expect(cities.getByRole('button')).toHaveCount(2);
    await cities.getByRole('button', { name: text.city }).click();
    await expect(cities.getByRole('button', { name: text.city })).toHaveAttribute('aria-pressed', 'true');
    await fresh.getByRole('button', { name: text.continue }).click();

    await expect(fresh).toHaveURL(/\/loanConfirm\?productId=\d+/);
    // where the money goes (issue 28): the account the loan is sent to, in the applicant's name
    const account = payoutAccounts[market];
    await fresh.getByRole('region', { name: account.payoutTitle }).getByRole('link', { name: account.add }).click();
    await fresh.getByLabel(account.number).fill(account.value);
    if (market === 'IN') await fresh.getByLabel('IFSC').fill('HDFC0001234');
    await fresh.getByRole('button', { name: account.save }).click();
    await expect(fresh).toHaveURL(/\/loanConfirm\?productId=\d+/);
    // nobody identified them yet (decision 161): said before any agreement opens (issue 48), nothing is lent
    await fresh.getByRole('button', { name: text.confirm, exact: true }).click();
    await expect(fresh.getByRole('alert').filter({ hasText: text.missingIdentity })).toBeVisible();
    await expect(fresh.getByRole('dialog')).toHaveCount(0);
    await expect(fresh).toHaveURL(/\/loanConfirm\?productId=\d+/);
    await proveIdentityFromLoanConfirm(fresh, market, { name: 'Meera Iyer', birthDate: '1994-02-11' });
    await fresh.getByRole('button', { name: text.confirm, exact: true }).click();
    await fresh.getByRole('dialog').getByRole('button', { name: text.agree }).click();
    await expect(fresh).toHaveURL(/\/loanDetails\?.*orderId=\d+/);
    const orderId = new URL(fresh.url()).searchParams.get('orderId')!;
    const productId = new URL(fresh.url()).searchParams.get('productId')!;

    // the underwriting decides after its configured delay and the payout lands: main follows the order
    await fresh.goto('/main');
    const current = fresh.getByRole('region', { name: text.yourLoan });
    await expect(current).toBeVisible();
    await expect
      .poll(
        async () => {
          // the payout job sends the loan once the decision shows (the server's jobs do not tick in tests)
          await request.post('/dev/jobs/payouts/run');
          await fresh.reload();
          await current.waitFor();
          return current.locator('[data-status]').textContent();
        },
        { timeout: 120_000, intervals: [5_000] },
      )
      .toBe(text.disbursed);
    await expectAccessible(fresh);
    await fresh.getByRole('link', { name: text.myLoans }).click();
    // the loans, not the help links below them (issue 30)
    await expect(fresh.getByRole('main').getByRole('list').first().getByRole('listitem')).toHaveCount(1);
    await expect(fresh.getByText(text.disbursed, { exact: true })).toBeVisible();

    // settings refuse to delete the account while the loan is open, naming it
    await fresh.goto('/setting');
    // refused at once, before "Delete for good?" is asked (issue 48)
    await fresh.getByRole('button', { name: text.delete }).click();
    const [before, after] = text.t.accountDeleteLoanOpen.split('{orderNo}');
    await expect(fresh.getByRole('button', { name: text.yes })).toHaveCount(0);
    await expect(fresh.getByRole('alert').getByText(new RegExp(`^${escapeRegExp(before!)}\\S+${escapeRegExp(after!)}$`))).toBeVisible();

    // the loan reaches its due window (the clock of this one order moves 88 days); main's Repay
    // hands the amount over, and the borrower pays it on the checkout page
    const aged = await request.post(`/dev/orders/${orderId}/age`, { form: { days: '88' } });
    expect(aged.ok(), await aged.text()).toBe(true);
    await fresh.goto('/main');
    await fresh.getByRole('region', { name: text.yourLoan }).getByRole('link', { name: text.t.repay, exact: true }).click();
    // the repay page of a loan paid in one go: its amount, nothing to tick (issue 30), pay now
    await expect(fresh.getByRole('checkbox')).toHaveCount(0);
    await fresh.getByRole('button', { name: text.payNow }).click();
    await expect(fresh).toHaveURL(/(withholdingAmount|amount)=\d+/);
    const handedOver = new URL(fresh.url().replace('#/', ''));
    const amount = handedOver.searchParams.get('withholdingAmount') ?? handedOver.searchParams.get('amount')!;
    await fresh.goto(appUrl('/#/alipayrepayment', { orderId, productId, withholdingAmount: amount, from: 'payway', purpose: 'repay' }));
    await fresh.getByRole('button', { name: ui[market].continue }).click();
    await expect(fresh).toHaveURL(/\/sandbox\/checkout\//);
    await fresh.getByRole('button', { name: ui[market].sandboxPay, exact: true }).click();
    await expectPaymentResult(fresh, market, { orderId, productId }, 'paid');
    await fresh.getByRole('link', { name: text.openReceipt }).click();
    await expect(fresh.getByRole('heading', { level: 1, name: text.receipt })).toBeVisible();

    // the repayment in the history, and its receipt
    await fresh.goto('/setting');
    await fresh.getByRole('link', { name: text.historyLink }).click();
    await expect(fresh.getByRole('heading', { level: 1, name: text.history })).toBeVisible();
    const record = fresh.getByRole('main').getByRole('listitem');
    await expect(record).toHaveCount(1);
    await record.getByRole('link').click();
    await expect(fresh.getByRole('heading', { level: 1, name: text.receipt })).toBeVisible();
    await expectAccessible(fresh);

    // a message for each event: approved, disbursed, repaid
    await fresh.goto('/messages');
    await expect(fresh.getByRole('heading', { level: 1, name: text.messages })).toBeVisible();
    const messages = fresh.getByRole('main').getByRole('listitem');
    for (const title of [text.t.messageRepaidTitle, text.t.messageDisbursedTitle, text.t.messageApprovedTitle]) {
      await expect(messages.filter({ hasText: title })).toHaveCount(1);
    }

    // settings switch the language and back, then log out
    await fresh.goto('/setting');
    const language = fresh.getByRole('group', { name: text.language.group });
    await language.getByRole('radio', { name: text.language.other }).check();
    await expect(fresh.getByRole('heading', { level: 1, name: text.language.otherSettings })).toBeVisible();
    await fresh.getByRole('radio', { name: text.language.own }).check();
    await expect(fresh.getByRole('heading', { level: 1, name: text.settings })).toBeVisible();
    await fresh.getByRole('button', { name: text.logOut, exact: true }).click();
    await expect(fresh).toHaveURL(/\/login/);

    // logged in again (a new code once the last one's 60 s resend countdown is over), the repaid
    // borrower deletes the account, and the phone can log in no more
    const form = loginForm(fresh, market);
    await form.phone.fill(phone);
    const sent = await inboxSize(request, phone);
    await expect
      .poll(
        async () => {
          if (await form.getCode.isEnabled()) await form.getCode.click();
          return inboxSize(request, phone);
        },
        { timeout: 90_000, intervals: [10_000] },
      )
      .toBeGreaterThan(sent);
    await form.sms.fill(await latestSmsCode(request, phone, sent));
    await form.logIn.click();
    await expect(fresh).toHaveURL(/\/main$/);
    await fresh.goto('/setting');
    await fresh.getByRole('button', { name: text.delete }).click();
    await fresh.getByRole('button', { name: text.yes }).click();
    await expect(fresh.getByRole('status').getByText(text.deleted, { exact: true })).toBeVisible();
    await expect(fresh).toHaveURL(/\/login$/);
    await expectNoCodeSent(fresh, request, market, phone);
    await context.close();
  });
}
