/**
 * The message centre (issue 17, decision 108), in both packs: a loan approved and disbursed shows
 * two messages and main's badge; opening one leads to its loan and marks it read; marking all read
 * clears the badge. Axe-clean, and the page fits 360 px.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { appUrl, callAs, type DemoMarket, type DemoSession, expect, expectAccessible, test } from '../fixtures.js';
import { isNeedPop, logInOnPage } from './borrower-app-helpers.js';

const texts = {
  IN: {
    messages: 'Messages',
    badge: /^Messages, 2 unread messages$/,
    badgeOne: /^Messages, 1 unread message$/,
    unread: 'Unread:',
    disbursed: 'Money sent',
    approved: 'Loan approved',
    markAll: 'Mark all as read',
  },
  ID: {
    messages: 'Pesan',
    badge: /^Pesan, 2 pesan belum dibaca$/,
    badgeOne: /^Pesan, 1 pesan belum dibaca$/,
    unread: 'Belum dibaca:',
    disbursed: 'Dana telah dicairkan',
    approved: 'Pinjaman disetujui',
    markAll: 'Tandai semua sudah dibaca',
  },
} as const;

/** Where a fresh borrower's loans are sent (issue 28): a sandbox account in the demo borrower's name. */
const accounts = {
  IN: { kind: 'bank', holderName: 'Aarav Sharma', accountNumber: '1234567890123', ifsc: 'HDFC0001234' },
  ID: { kind: 'bank', holderName: 'Siti Rahayu', channelCode: 'ID_BCA', accountNumber: '1234567890' },
} as const;

/** A fresh borrower's new loan, submitted, aged a day and its payout sent: approved and disbursed, so both its messages show. */
const disbursedLoan = async (request: Parameters<typeof callAs>[0], demo: DemoSession & { phone: string }) => {
  await callAs(request, demo, 'disbursalAccountSave', { ...accounts[demo.market] });
  const offer = await callAs<{ amount: number; periods: number }>(request, demo, 'loanConfirm', { productId: demo.productId });
  const { lendDetailsUrl } = await callAs<{ lendDetailsUrl: string }>(request, demo, 'loanPush', {
    productId: demo.productId,
    amount: String(offer.amount),
    periods: String(offer.periods),
    termUnit: '1',
  });
  const orderId = new URL(lendDetailsUrl, 'http://kilat.test').searchParams.get('orderId')!;
  const aged = await request.post(`/dev/orders/${orderId}/age`, { form: { days: '1' } });
  expect(aged.ok(), await aged.text()).toBe(true);
  // the money lands when the payout job sends it (the sandbox pays at once)
  const sent = await request.post('/dev/jobs/payouts/run');
  expect(sent.ok(), await sent.text()).toBe(true);
  return orderId;
};

const SCREENS = fileURLToPath(new URL('../artifacts/screens/', import.meta.url));
mkdirSync(SCREENS, { recursive: true });

/** At 360 px nothing sticks out sideways (the page goes back to 390 px after). */
const expectFits360 = async (page: Page) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.screenshot({ path: `${SCREENS}messages-${new URL(page.url()).pathname.slice(1)}.png` });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 390, height: 844 });
};

for (const market of ['IN', 'ID'] as DemoMarket[]) {
  const text = texts[market];

  test(`${market}: a disbursed loan shows its messages and main's badge; opening one reads it, marking all clears the badge`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const demo = (await (await request.get(`/dev/session?market=${market}&fresh=due`)).json()) as DemoSession & { phone: string };
    const orderId = await disbursedLoan(request, demo);

    await page.goto(appUrl('/login', { isNeedPop: isNeedPop(market) }));
    await logInOnPage(page, request, market, demo.phone);
    await expect(page).toHaveURL(/\/main$/);
    const badge = page.getByRole('link', { name: text.badge });
    await expect(badge).toBeVisible();
    await expectAccessible(page);
    await expectFits360(page);

    await badge.click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByRole('heading', { level: 1, name: text.messages })).toBeVisible();
    const items = page.getByRole('main').getByRole('listitem');
    await expect(items).toHaveCount(2);
    // newest first, both unread, each with its date and time in the market's format
    await expect(items.nth(0)).toContainText(text.disbursed);
    await expect(items.nth(1)).toContainText(text.approved);
    await expect(page.getByRole('main').getByText(text.unread)).toHaveCount(2);
    for (const time of await page.getByRole('main').locator('time').allTextContents()) {
      expect(time).toMatch(/^\d{4}-\d{2}-\d{2}\u00a0\d{2}:\d{2}:\d{2}$/);
    }
    await expectAccessible(page);

    await expectFits360(page);

    // opening a message leads to its loan and marks it read
    await items.nth(1).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/loanDetails\\?productId=\\d+&orderId=${orderId}$`));
    await page.goBack();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByRole('main').getByText(text.unread)).toHaveCount(1);
    await page.goBack();
    await expect(page).toHaveURL(/\/main$/);
    await expect(page.getByRole('link', { name: text.badgeOne })).toBeVisible();

    await page.getByRole('link', { name: text.badgeOne }).click();
    await page.getByRole('button', { name: text.markAll }).click();
    await expect(page.getByRole('main').getByText(text.unread)).toHaveCount(0);
    await expect(page.getByRole('button', { name: text.markAll })).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/main$/);
    await expect(page.getByRole('link', { name: text.messages, exact: true })).toBeVisible();
  });
}
