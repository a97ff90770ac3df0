/**
 * Issue 17, setting: the language of the pages (decision 111) and deleting the account once the
 * last loan is repaid (decision 077), in both packs.
 */
import { OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { APIRequestContext, Page } from '@playwright/test';
import { appUrl, type DemoMarket, expect, expectAccessible, test } from '../fixtures.js';
import { expectNoCodeSent, isNeedPop, logInOnPage } from './borrower-app-helpers.js';
import { keptServerHeading, watch } from './hydration-watch.js';
import { pageParams } from './loan-orders.js';
import { type FreshBorrower, repayInFull } from './repayment-helpers.js';

/** What each language's pages say; `amount` is how the market writes money (decision 055), whatever the language. */
const languages = {
  'en-IN': { name: 'English', settings: 'Settings', yourLoan: 'Your loan', language: 'Language' },
  'id-ID': { name: 'Bahasa Indonesia', settings: 'Pengaturan', yourLoan: 'Pinjaman Anda', language: 'Bahasa' },
} as const;

const markets = {
  IN: { own: 'en-IN', other: 'id-ID', amount: /₹[\d,]+\.\d{2}/ },
  ID: { own: 'id-ID', other: 'en-IN', amount: /Rp\u00a0[\d.]+,\d{2}/ },
} as const;

const borrowerWith = async (request: APIRequestContext, market: DemoMarket, fresh: '1' | 'due'): Promise<FreshBorrower> => {
  const response = await request.get(`/dev/session?market=${market}&fresh=${fresh}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as FreshBorrower;
};

const languageCookie = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === 'kilat_lang');

/**
 * The cookie as the browser's store holds it. A page's `document.cookie` write reaches Chromium's
 * cookie store asynchronously, after the page has already re-rendered, so the store is polled.
 */
const expectLanguageCookie = (page: Page) =>
  expect.poll(async () => {
    const cookie = await languageCookie(page);
    return cookie && { value: cookie.value, sameSite: cookie.sameSite };
  });

for (const market of ['IN', 'ID'] as const) {
  const { own, other, amount } = markets[market];
  const ownTexts = languages[own];
  const otherTexts = languages[other];

  test(`${market}: settings switch the pages to ${otherTexts.name} at once and after a reload, amounts stay the market's, the server renders the choice`, async ({
    page,
    request,
  }) => {
    const borrower = await borrowerWith(request, market, '1');
    await page.goto(appUrl('/login', { isNeedPop: isNeedPop(market) }));
    await logInOnPage(page, request, market, borrower.phone);
    await page.getByRole('link', { name: ownTexts.settings }).click();
    await expect(page.getByRole('heading', { level: 1, name: ownTexts.settings })).toBeVisible();
    // by default the pages follow isNeedPop
    const group = page.getByRole('group', { name: ownTexts.language });
    await expect(group.getByRole('radio', { name: ownTexts.name })).toBeChecked();
    await expectAccessible(page);

    await group.getByRole('radio', { name: otherTexts.name }).check();
    await expect(page.getByRole('heading', { level: 1, name: otherTexts.settings })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await expectLanguageCookie(page).toEqual({ value: other, sameSite: 'Lax' });
    await expectAccessible(page);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: otherTexts.settings })).toBeVisible();
    await expect(page.getByRole('group', { name: otherTexts.language }).getByRole('radio', { name: otherTexts.name })).toBeChecked();

    // main in the chosen language, its amounts in the market's currency and format
    await page.goto('/main');
    const loan = page.getByRole('region', { name: otherTexts.yourLoan });
    await expect(loan).toBeVisible();
    await expect(loan.getByText(amount).first()).toBeVisible();

    // a server-rendered page arrives in the chosen language and hydrates without a warning
    const order = borrower.orders.find((entry) => entry.status === OrderStatus.DueSoon)!;
    const address = appUrl('/loanDetails', pageParams(borrower, order));
    const html = await (await page.context().request.get(address)).text();
    expect(html).toContain(`<html lang="${other}">`);
    expect(html).toContain(`data-ssr="${market}:/loanDetails"`);
    const problems = await watch(page);
    await page.goto(address);
    await expect(page.locator('#root h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    expect(await keptServerHeading(page), 'the heading the server sent is still the one shown').toBe(true);
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await expect(page.getByText(amount).first()).toBeVisible();

    // back to the market's own language: the cookie goes, the pages follow isNeedPop again
    await page.goto('/setting');
    await page.getByRole('radio', { name: ownTexts.name }).check();
    await expect(page.getByRole('heading', { level: 1, name: ownTexts.settings })).toBeVisible();
    await expectLanguageCookie(page).toBeUndefined();
  });
}

const deletion = {
  IN: {
    t: enIN,
    settings: 'Settings',
    delete: 'Delete my account',
    yes: 'Yes, delete my account',
    deleted: 'Your account has been deleted.',
  },
  ID: {
    t: idID,
    settings: 'Pengaturan',
    delete: 'Hapus akun saya',
    yes: 'Ya, hapus akun saya',
    deleted: 'Akun Anda telah dihapus.',
  },
} as const;

interface OrderLedger {
  orderNo: string;
  status: number;
  rows: { kind: string; amountMinor: number }[];
}

const ledgerOf = async (request: APIRequestContext, orderId: string): Promise<OrderLedger> => {
  const response = await request.get(`/dev/orders/${orderId}/ledger`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as OrderLedger;
};

for (const market of ['IN', 'ID'] as const) {
  const text = deletion[market];

  test(`${market}: settings refuse account deletion while a loan is open, then delete it after repayment; the borrower can no longer log in, the ledger stays`, async ({
    page,
    request,
  }) => {
    const borrower = await borrowerWith(request, market, 'due');
    const [order] = borrower.orders;
    expect(borrower.orders).toHaveLength(1);
    await page.goto(appUrl('/login', { isNeedPop: isNeedPop(market) }));
    await logInOnPage(page, request, market, borrower.phone);
    await page.getByRole('link', { name: text.settings }).click();

    // the open loan is refused at once, before "Delete for good?" is asked (issue 48)
    await page.getByRole('button', { name: text.delete }).click();
    await expect(
      page.getByRole('alert').getByText(text.t.accountDeleteLoanOpen.replace('{orderNo}', order!.orderNo), { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: text.yes })).toHaveCount(0);
    await expect(page).toHaveURL(/\/setting$/);

    await repayInFull(request, borrower, order!, order!.amountDueMinor);
    await expect.poll(async () => (await ledgerOf(request, order!.orderId)).status).toBe(OrderStatus.Settled);
    const ledger = await ledgerOf(request, order!.orderId);
    expect(ledger.rows.map((row) => row.kind)).toEqual(expect.arrayContaining(['disbursement', 'repayment']));

    await page.getByRole('button', { name: text.delete }).click();
    await expectAccessible(page);
    await page.getByRole('button', { name: text.yes }).click();
    await expect(page.getByRole('status').getByText(text.deleted, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // the phone is unknown now: no code is sent, and any code is refused with the pack's text
    const form = await expectNoCodeSent(page, request, market, borrower.phone);
    await form.sms.fill('123456');
    await form.logIn.click();
    await expect(page.getByRole('status').getByText(text.t.verificationCodeWrong, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);

    // the lending records stay as they were
    expect(await ledgerOf(request, order!.orderId)).toEqual(ledger);
  });
}
