/**
 * Issue 29 in a phone browser, per market: the borrower chooses amount and term with the slider on
 * the application (by keyboard, as a screen reader user would), the cost moves with it from the
 * server, loan confirm starts from that choice, and the decision comes at once (151, no waiting);
 * a salary under the floor is refused on the application page with its reason, and a rejected
 * application shows its main reason and the day to apply again on loan details; an application
 * waiting for its money can be withdrawn.
 */
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { APIRequestContext, Page } from '@playwright/test';
import { appUrl, callAs, type DemoMarket, type DemoSession, expect, expectAccessible, sessionParams, test } from '../fixtures.js';

const texts = {
  IN: {
    pack: enIN,
    nameLabel: 'Full name',
    name: 'Meera Iyer',
    salaryLabel: 'Monthly salary (₹)',
    salary: '45000',
    salaried: 'Salaried',
    search: 'Search your city',
    prefix: 'ben',
    city: 'Bengaluru',
    birthDate: 'Date of birth',
    married: null,
    continue: 'Continue',
    confirm: 'Confirm',
    offer: 'Your loan',
    floor: '₹12,000.00',
    low: '11000',
    // above the product's ₹80,000
    beyond: '9000000',
    account: { kind: 'bank', holderName: 'Aarav Sharma', accountNumber: '1234567890123', ifsc: 'HDFC0001234' },
  },
  ID: {
    pack: idID,
    nameLabel: 'Nama lengkap',
    name: 'Siti Rahma',
    salaryLabel: 'Penghasilan per tahun (Rp)',
    salary: '96000000',
    salaried: 'Karyawan',
    search: 'Cari kota Anda',
    prefix: 'surab',
    city: 'Surabaya',
    birthDate: 'Tanggal lahir',
    married: { group: 'Apakah Anda sudah menikah?', no: 'Tidak' },
    continue: 'Lanjutkan',
    confirm: 'Konfirmasi',
    offer: 'Pinjaman Anda',
    floor: 'Rp\u00a05.000.000,00',
    low: '4000000',
    // above the product's Rp 15.000.000
    beyond: '2000000000',
    account: { kind: 'bank', holderName: 'Siti Rahayu', channelCode: 'ID_BCA', accountNumber: '1234567890' },
  },
} as const;

type Fresh = DemoSession & { phone: string };

/** A new borrower with one loan open and a sandbox account in their name (the loan is sent there). */
const freshWithAccount = async (request: APIRequestContext, market: DemoMarket): Promise<Fresh> => {
  const session = (await (await request.get(`/dev/session?market=${market}&fresh=due`)).json()) as Fresh;
  await callAs(request, session, 'disbursalAccountSave', { ...texts[market].account });
  return session;
};

const fillApplication = async (page: Page, market: DemoMarket, salary: string) => {
  const text = texts[market];
  await page.getByLabel(text.nameLabel).fill(text.name);
  await page.getByLabel(text.birthDate).fill('1994-02-11');
  if (text.married) await page.getByRole('group', { name: text.married.group }).getByRole('radio', { name: text.married.no }).check();
  await page.getByLabel(text.salaryLabel).fill(salary);
  await page.getByRole('radio', { name: text.salaried }).check();
  await page.getByLabel(text.search).fill(text.prefix);
  await page.getByRole('button', { name: text.city }).click();
};

const rowValue = (page: Page, label: string) =>
  page
    .locator('.detail-row')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

for (const market of ['IN', 'ID'] as DemoMarket[]) {
  const text = texts[market];
  const { pack } = text;

  test(`${market}: chooses amount and term with the slider, the cost follows from the server, and the decision comes at once`, async ({
    page,
    request,
  }) => {
    const session = await freshWithAccount(request, market);
    await page.goto(appUrl('/application', sessionParams(session, { productId: session.productId, orderId: '' })));
    const offer = page.getByRole('region', { name: text.offer });
    const slider = offer.getByRole('slider', { name: pack.loanAmount });
    await expect(slider).toBeVisible();
    const total = rowValue(page, pack.loanTotalRepayment);
    const before = await total.textContent();
    const valueBefore = await slider.getAttribute('aria-valuetext');
    // the keyboard moves it a step at a time; Home takes it to the product's minimum
    await slider.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await expect(slider).not.toHaveAttribute('aria-valuetext', valueBefore ?? '');
    const chosen = await slider.getAttribute('aria-valuetext');
    expect(chosen).toMatch(market === 'IN' ? /^₹[\d,]+\.00$/ : /^Rp\u00a0[\d.]+,00$/);
    await expect(total).not.toHaveText(before ?? '');
    await offer
      .getByRole('radio', { name: /^1(20|80) / })
      .first()
      .check();
    await expect(rowValue(page, pack.loanTotalRepayment)).not.toHaveText(before ?? '');
    await expectAccessible(page);

    await fillApplication(page, market, text.salary);
    await page.getByRole('button', { name: text.continue }).click();
    await expect(page).toHaveURL(/\/loanConfirm\?productId=\d+&amount=\d+&term=\d+/);
    // loan confirm starts from the choice, with the same slider
    await expect(page.getByRole('slider', { name: pack.loanAmount })).toHaveAttribute('aria-valuetext', chosen!);
    await expectAccessible(page);
    await page.getByRole('button', { name: text.confirm, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: pack.agree }).click();
    await expect(page).toHaveURL(/\/loanDetails\?.*orderId=\d+/);
    // decided at submit: approved and on its way, with nothing aged or waited for
    await expect(page.getByRole('heading', { level: 2, name: pack.loanNotice151 })).toBeVisible();
    await expect(page.getByRole('button', { name: pack.loanWithdraw })).toBeVisible();
    await expectAccessible(page);

    // withdrawn before the money is sent: closed, nothing owed
    await page.getByRole('button', { name: pack.loanWithdraw }).click();
    await expect(page.getByText(pack.loanNoticeDes110Withdrawn)).toBeVisible();
    await expect(page.getByRole('button', { name: pack.loanWithdraw })).toHaveCount(0);
  });

  test(`${market}: a salary under the floor is refused on the application with its reason; a rejected loan shows its main reason`, async ({
    page,
    request,
  }) => {
    const session = await freshWithAccount(request, market);
    await page.goto(appUrl('/application', sessionParams(session, { productId: session.productId, orderId: '' })));
    await fillApplication(page, market, text.low);
    await page.getByRole('button', { name: text.continue }).click();
    const reason = pack.applicationIncomeBelowFloor.replace('{floor}', text.floor).split('{date}')[0]!;
    await expect(page.getByText(reason)).toBeVisible();
    await expect(page).toHaveURL(/\/application\?/);

    // an amount beyond the product submitted anyway (the slider cannot): rejected at once, the reason told
    const offer = await callAs<{ periods: number }>(request, session, 'loanConfirm', { productId: session.productId });
    const { lendDetailsUrl } = await callAs<{ lendDetailsUrl: string }>(request, session, 'loanPush', {
      productId: session.productId,
      amount: text.beyond,
      periods: String(offer.periods),
      termUnit: '1',
    });
    const orderId = new URL(lendDetailsUrl, 'http://kilat.test').searchParams.get('orderId')!;
    await page.goto(appUrl('/loanDetails', sessionParams(session, { productId: session.productId, orderId })));
    await expect(page.getByRole('heading', { level: 2, name: pack.loanNotice110 })).toBeVisible();
    await expect(rowValue(page, pack.loanDecisionReasonLabel)).toHaveText(pack.decisionReason_amountInRange);
    await expect(rowValue(page, pack.loanReapplyOnLabel)).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await expectAccessible(page);
  });
}
