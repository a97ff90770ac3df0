import { appUrl, expect, expectAccessible, test } from '../fixtures.js';

test.describe('about us', () => {
  test('shows the logo, app name, welcome, reasons to choose, products and getting started in the India pack', async ({ page }) => {
    await page.goto(appUrl('/aboutUs', { isNeedPop: 1 }));
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Kilat logo' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome to Kilat' })).toBeVisible();
    await expect(page.getByText(/operated by Kilat Finance Private Limited, a licensed lending company/)).toBeVisible();
    for (const reason of ['Quick', 'Flexible repayment', 'Safe', 'Customer service']) {
      await expect(page.getByRole('heading', { level: 3, name: reason })).toBeVisible();
    }
    for (const product of ['Personal loans', 'Micro loans', 'Business loans']) {
      await expect(page.getByRole('heading', { level: 3, name: product })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Download the Kilat app' })).toBeVisible();
    await expectAccessible(page);
  });

  test('speaks Bahasa Indonesia and names the Indonesian lender in the Indonesia pack', async ({ page }) => {
    await page.goto(appUrl('/aboutUs', { isNeedPop: 0 }));
    await expect(page.getByRole('heading', { level: 1, name: 'Tentang kami' })).toBeVisible();
    await expect(page.getByText(/dioperasikan oleh PT Kilat Dana Teknologi/)).toBeVisible();
    for (const product of ['Pinjaman pribadi', 'Pinjaman mikro', 'Pinjaman usaha']) {
      await expect(page.getByRole('heading', { level: 3, name: product })).toBeVisible();
    }
    await expectAccessible(page);
  });
});
