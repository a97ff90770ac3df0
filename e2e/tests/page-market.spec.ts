/**
 * Issue 48, major 2, in both packs at phone size: a page's market and language come from the
 * borrower's session, or before login from what this phone last used or what the borrower picks on
 * the login page — never from another tab's leftovers.
 */
import type { BrowserContext } from '@playwright/test';
import loginIN from '../../apps/web/src/features/login/texts/en-IN.js';
import loginID from '../../apps/web/src/features/login/texts/id-ID.js';
import mainIN from '../../apps/web/src/features/my-loans/texts/en-IN.js';
import mainID from '../../apps/web/src/features/my-loans/texts/id-ID.js';
import { appUrl, type DemoMarket, expect, expectAccessible, sessionParams, test } from '../fixtures.js';

const packs = {
  IN: { login: loginIN, main: mainIN, money: /₹[\d,]+\.\d{2}/, other: 'ID' as DemoMarket },
  ID: { login: loginID, main: mainID, money: /Rp\s?[\d.]+,\d{2}/, other: 'IN' as DemoMarket },
} as const;

const openLoginPage = async (context: BrowserContext, path: string) => {
  const page = await context.newPage();
  await page.goto(path);
  await expect(page).toHaveURL(/\/login/);
  return page;
};

for (const market of ['IN', 'ID'] as const) {
  const { login, main, money, other } = packs[market];

  test(`${market}: a new tab without isNeedPop asks to log in in the market this phone last used`, async ({ browser, demo }) => {
    const context = await browser.newContext();
    const session = await demo(market);
    const first = await context.newPage();
    await first.goto(appUrl('/main', sessionParams(session)));
    await expect(first.getByText(main.amountDue).first()).toBeVisible();
    // another tab, as a link from an SMS opens one: no session there yet, and no isNeedPop
    const second = await openLoginPage(context, '/main');
    await expect(second.getByRole('heading', { level: 1, name: login.title })).toBeVisible();
    await expect(second.getByText(login.phoneHint)).toBeVisible();
    await expectAccessible(second);
    await context.close();
  });

  test(`${market}: a session link without isNeedPop shows the borrower's market after another market's page in the same tab`, async ({
    page,
    demo,
  }) => {
    const session = await demo(market);
    // an earlier page of the other market in this tab
    await page.goto(appUrl('/login', { isNeedPop: other === 'IN' ? 1 : 0 }));
    await expect(page.getByRole('heading', { level: 1, name: packs[other].login.title })).toBeVisible();
    const { isNeedPop: _dropped, ...withoutIsNeedPop } = sessionParams(session);
    await page.goto(appUrl('/main', withoutIsNeedPop));
    await expect(page.getByText(main.amountDue).first()).toBeVisible();
    await expect(page.getByText(packs[other].main.amountDue)).toHaveCount(0);
    await expect(page.locator('main')).toContainText(money);
    await expect(page.locator('html')).toHaveAttribute('lang', market === 'IN' ? 'en-IN' : 'id-ID');
    await expectAccessible(page);
  });

  test(`${market}: the login page offers the market and its language, and the choice holds for this phone`, async ({ browser }) => {
    const context = await browser.newContext();
    // a phone that last used the other market
    const page = await openLoginPage(context, appUrl('/login', { isNeedPop: other === 'IN' ? 1 : 0 }));
    const choice = page.getByRole('navigation', {
      name: packs[other].login.title === 'Log in' ? 'Country and language' : 'Negara dan bahasa',
    });
    await choice.getByRole('link', { name: market === 'IN' ? 'India · English' : 'Indonesia · Bahasa Indonesia' }).click();
    await expect(page.getByRole('heading', { level: 1, name: login.title })).toBeVisible();
    await expect(page.getByText(login.phoneHint)).toBeVisible();
    await expect(page.getByRole('link', { name: market === 'IN' ? 'India · English' : 'Indonesia · Bahasa Indonesia' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectAccessible(page);
    // a later tab without isNeedPop keeps it
    const later = await openLoginPage(context, '/main');
    await expect(later.getByRole('heading', { level: 1, name: login.title })).toBeVisible();
    await context.close();
  });
}
