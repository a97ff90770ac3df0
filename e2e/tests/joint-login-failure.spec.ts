import { API_PREFIX, Endpoints } from '@kilat/contract';
import type { Page } from '@playwright/test';
import { appUrl, expect, expectAccessible, test } from '../fixtures.js';
import { installNativeWrapper, nativeCalls } from './native-wrapper.js';

const device = { deviceId: 'joint-device-1', appVersion: '2.3.0', deviceName: 'Pixel 8', osVersion: 'Android 15' };

const row = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });

const necessityPath = `${API_PREFIX}${Endpoints.jointLoginProductEvent.path}`;
const jointPath = `${API_PREFIX}${Endpoints.jointLoginApply.path}`;

const background = (page: Page, name: string, label: string) =>
  row(page, name)
    .getByRole('button', { name: label })
    .evaluate((button) => getComputedStyle(button).backgroundColor);

test.describe('joint login failure', () => {
  test('shows the app name as title, the status image, headline, notice and product rows', async ({ page }) => {
    await page.goto(appUrl('/jointLoginFailure', { isNeedPop: 1, ...device }));
    await expect(page.getByRole('heading', { level: 1, name: 'Kilat' })).toBeVisible();
    await expect(page).toHaveTitle('Kilat');
    await expect(page.getByRole('heading', { level: 2, name: 'We could not log you in to this product' })).toBeVisible();
    await expect(page.getByText('You can apply for one of these products instead.')).toBeVisible();
    await expect(page.getByRole('main').locator('img').first()).toBeVisible();

    const rocket = row(page, 'Rupee Rocket');
    await expect(rocket.getByRole('button', { name: 'Apply' })).toBeVisible();
    await expect(rocket).toContainText('₹2,000.00 – ₹50,000.00');
    await expect(rocket).toContainText('Loan amount');
    await expect(rocket).toContainText('0.05% per day');
    await expect(rocket).toContainText('Approval in 10 minutes');
    await expectAccessible(page);
  });

  test('the button has the brand colour when the clickable flag is 1 and grey (#ccc) otherwise', async ({ page }) => {
    await page.goto(appUrl('/jointLoginFailure', { isNeedPop: 1, ...device }));
    expect(await background(page, 'Rupee Rocket', 'Apply')).toBe('rgb(255, 210, 31)');
    expect(await background(page, 'SalaryPlus', 'Full today')).toBe('rgb(204, 204, 204)');
  });

  test('speaks Bahasa Indonesia in the Indonesia pack', async ({ page }) => {
    await page.goto(appUrl('/jointLoginFailure', { isNeedPop: 0, ...device }));
    await expect(page.getByRole('heading', { level: 2, name: 'Kami tidak dapat memasukkan Anda ke produk ini' })).toBeVisible();
    await expect(row(page, 'Dana Cepat').getByRole('button', { name: 'Ajukan' })).toBeEnabled();
    await expectAccessible(page);
  });

  test('does not offer again the product whose joint login failed (approaches)', async ({ page }) => {
    await page.goto(appUrl('/jointLoginFailure', { isNeedPop: 1, ...device }));
    await expect(row(page, 'Rupee Rocket')).toBeVisible();
    const [event] = await Promise.all([
      page.waitForRequest((request) => request.url().includes(necessityPath)),
      row(page, 'CashNest').getByRole('button', { name: 'Apply' }).click(),
    ]);
    const cashNestId = new URLSearchParams(event.postData() ?? '').get('approaches') ?? '';

    await page.goto(appUrl('/jointLoginFailure', { isNeedPop: 1, approaches: cashNestId, ...device }));
    await expect(row(page, 'Rupee Rocket')).toBeVisible();
    await expect(row(page, 'CashNest')).toHaveCount(0);
  });

  test('a tap on a clickable row records the necessity event without waiting for it and navigates with the common query string', async ({
    page,
  }) => {
    await page.route('https://partners.kilat.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Partner</title><h1>Partner</h1>' }),
    );
    // the necessity event never answers: the page must go on without it
    const held: string[] = [];
    await page.route(`**${necessityPath}**`, (route) => {
      held.push(route.request().postData() ?? '');
    });
    await page.goto(appUrl('/jointLoginFailure', { isNeedPop: 1, ...device }));
    const joint = page.waitForRequest((request) => request.url().includes(jointPath));
    await row(page, 'Rupee Rocket').getByRole('button', { name: 'Apply' }).click();

    expect((await joint).headers()['x-requested-with']).toBe('XMLHttpRequest');
    await expect(page).toHaveURL(/^https:\/\/partners\.kilat\.example\/in\/rupee-rocket\?/);
    const query = new URL(page.url()).searchParams;
    expect(query.get('deviceId')).toBe(device.deviceId);
    expect(query.get('appVersion')).toBe(device.appVersion);
    expect(query.get('market')).toBe('IN');
    expect(held).toHaveLength(1);
    const event = new URLSearchParams(held[0]);
    expect(event.get('source')).toBe('18');
    expect(event.get('position')).toBe('0');
    expect(event.get('approaches')).not.toBe('');
  });

  test('a tap on a row whose URL is not http posts it to the native wrapper', async ({ page }) => {
    await installNativeWrapper(page);
    await page.goto(appUrl('/jointLoginFailure', { isNeedPop: 1, ...device }));
    const event = page.waitForRequest((request) => request.url().includes(necessityPath));
    await row(page, 'CashNest').getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => nativeCalls(page)).toEqual([{ action: 'openTarget', payload: { target: 'kilat://product?code=IN-CASHNEST' } }]);
    expect(new URLSearchParams((await event).postData() ?? '').get('position')).toBe('1');
  });

  test('a tap on a row whose clickable flag is 0 does nothing', async ({ page }) => {
    await installNativeWrapper(page);
    await page.goto(appUrl('/jointLoginFailure', { isNeedPop: 1, ...device }));
    const button = row(page, 'SalaryPlus').getByRole('button', { name: 'Full today' });
    await expect(button).toBeDisabled();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(jointPath) || request.url().includes(necessityPath)) calls.push(request.url());
    });
    await button.click({ force: true });
    // a clickable row tapped afterwards proves the page was listening
    await row(page, 'CashNest').getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => nativeCalls(page)).toHaveLength(1);
    expect(calls.filter((url) => url.includes(jointPath))).toHaveLength(1);
    expect(calls.filter((url) => url.includes(necessityPath))).toHaveLength(1);
  });
});
