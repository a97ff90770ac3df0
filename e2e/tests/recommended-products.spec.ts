import { API_PREFIX, Endpoints } from '@kilat/contract';
import type { Page } from '@playwright/test';
import { appUrl, expect, expectAccessible, sessionParams, test } from '../fixtures.js';
import { installNativeWrapper, nativeCalls } from './native-wrapper.js';

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) });

const applyPath = `${API_PREFIX}${Endpoints.productApply.path}`;
const eventPath = `${API_PREFIX}${Endpoints.pageEvent.path}`;

test.describe('recommended products list', () => {
  test('shows the cards titled "Special Offers": logo, name, amount range, rate, description, tags on the first two rows', async ({
    page,
    demo,
  }) => {
    const session = await demo('IN');
    await page.goto(appUrl('/relevant', sessionParams(session)));
    await expect(page.getByRole('heading', { level: 1, name: 'Special Offers' })).toBeVisible();

    const rocket = card(page, 'Rupee Rocket');
    await expect(rocket).toContainText('₹2,000.00 – ₹50,000.00');
    await expect(rocket).toContainText('Loan amount');
    await expect(rocket).toContainText('0.05% per day');
    await expect(rocket).toContainText('Approval in 10 minutes');
    // the logo is decorative beside the name: alt=""
    await expect(rocket.locator('img')).toHaveAttribute('src', '/logos/in-rupee-rocket.svg');
    await expect(rocket.getByRole('list', { name: 'Highlights of Rupee Rocket' }).getByRole('listitem')).toHaveText([
      'Fast approval',
      'No collateral',
    ]);
    await expect(card(page, 'CashNest').getByRole('list', { name: 'Highlights of CashNest' })).toContainText('Low interest');
    // the third row shows no tags
    const third = card(page, 'SalaryPlus');
    await expect(third).toContainText('For salaried people');
    await expect(third.getByRole('list')).toHaveCount(0);
    await expect(third.getByText('Salaried', { exact: true })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('is titled "Pengajuan Khusus" in the Indonesia pack', async ({ page, demo }) => {
    const session = await demo('ID');
    await page.goto(appUrl('/relevant', sessionParams(session)));
    await expect(page.getByRole('heading', { level: 1, name: 'Pengajuan Khusus' })).toBeVisible();
    await expect(card(page, 'Dana Cepat').getByRole('button', { name: 'Ajukan' })).toBeEnabled();
    await expectAccessible(page);
  });

  test('a tap opens an http product URL directly, after recording the page event with the scene module id', async ({ page, demo }) => {
    const session = await demo('IN');
    await page.route('https://partners.kilat.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Partner</title><h1>Partner</h1>' }),
    );
    await page.goto(appUrl('/relevant', sessionParams(session)));
    const event = page.waitForRequest((request) => request.url().includes(eventPath));
    const apply = page.waitForRequest((request) => request.url().includes(applyPath));
    await card(page, 'Rupee Rocket').getByRole('button', { name: 'Apply' }).click();

    const eventFields = new URLSearchParams((await event).postData() ?? '');
    expect(eventFields.get('moduleId')).toBe('300');
    expect(eventFields.get('positionId')).toBe('0');
    const applyFields = new URLSearchParams((await apply).postData() ?? '');
    expect(applyFields.get('scene')).toBe('relevant');
    expect(applyFields.get('module_id')).toBe('300');
    await expect(page).toHaveURL('https://partners.kilat.example/in/rupee-rocket');
  });

  test('a tap hands a product URL that is not http to the native bridge', async ({ page, demo }) => {
    const session = await demo('IN');
    await installNativeWrapper(page);
    await page.goto(appUrl('/relevant', sessionParams(session)));
    await card(page, 'CashNest').getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => nativeCalls(page))
      .toContainEqual({ action: 'openTarget', payload: { target: 'kilat://product?code=IN-CASHNEST' } });
    await expect(page).toHaveURL(/\/relevant\?/);
  });

  test('a product whose buttonStatus is 0 is not clickable: a tap does nothing', async ({ page, demo }) => {
    const session = await demo('IN');
    await installNativeWrapper(page);
    await page.goto(appUrl('/relevant', sessionParams(session)));
    const button = card(page, 'SalaryPlus').getByRole('button', { name: 'Full today' });
    await expect(button).toBeDisabled();

    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(applyPath) || request.url().includes(eventPath)) calls.push(request.url());
    });
    await button.click({ force: true });
    // a clickable product tapped afterwards proves the page was listening
    await card(page, 'CashNest').getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => nativeCalls(page)).toHaveLength(1);
    expect(calls.filter((url) => url.includes(applyPath))).toHaveLength(1);
    expect(await nativeCalls(page)).toEqual([{ action: 'openTarget', payload: { target: 'kilat://product?code=IN-CASHNEST' } }]);
  });

  test("says today's applications are full when the scene has no products, with a back-to-home button", async ({ page, demo }) => {
    const session = await demo('IN');
    await page.goto(appUrl('/relevant', sessionParams(session, { scene: 'no-such-scene' })));
    await expect(page.getByText("Today's applications are full, please try again tomorrow")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Back to home' }).click();
    // in a plain browser the bridge's home is the borrower's home, main (issue 30, decision 139)
    await expect(page).toHaveURL(/\/main$/);
  });

  test('the back-to-home button asks the native wrapper for its home', async ({ page, demo }) => {
    const session = await demo('ID');
    await installNativeWrapper(page);
    await page.goto(appUrl('/relevant', sessionParams(session, { scene: 'no-such-scene' })));
    await expect(page.getByText('Kuota pengajuan hari ini sudah penuh, silakan coba lagi besok')).toBeVisible();
    await page.getByRole('button', { name: 'Kembali ke beranda' }).click();
    await expect.poll(() => nativeCalls(page)).toEqual([{ action: 'goHome', payload: {} }]);
  });
});
