import { appUrl, expect, expectAccessible, sessionParams, test } from '../fixtures.js';
import { installNativeWrapper } from './native-wrapper.js';

test.describe('customer service', () => {
  test("shows the server's telephone and e-mail for an Indian demo borrower", async ({ page, demo }) => {
    const session = await demo('IN');
    await page.goto(appUrl('/customerService', sessionParams(session)));
    await expect(page.getByRole('heading', { level: 1, name: 'Customer service' })).toBeVisible();
    const telephone = page.getByRole('link', { name: /Telephone/ });
    await expect(telephone).toContainText('+91 80 4718 2200');
    await expect(telephone).toHaveAttribute('href', 'tel:+918047182200');
    const email = page.getByRole('link', { name: /E-mail/ });
    await expect(email).toContainText('support@kilat.co.in');
    await expect(email).toHaveAttribute('href', 'mailto:support@kilat.co.in');
    await expectAccessible(page);
  });

  test("shows the server's telephone and e-mail for an Indonesian demo borrower", async ({ page, demo }) => {
    const session = await demo('ID');
    await page.goto(appUrl('/customerService', sessionParams(session)));
    await expect(page.getByRole('heading', { level: 1, name: 'Layanan pelanggan' })).toBeVisible();
    const telephone = page.getByRole('link', { name: /Telepon/ });
    await expect(telephone).toContainText('+62 21 5091 8800');
    await expect(telephone).toHaveAttribute('href', 'tel:+622150918800');
    const email = page.getByRole('link', { name: /E-mail/ });
    await expect(email).toContainText('cs@kilat.co.id');
    await expect(email).toHaveAttribute('href', 'mailto:cs@kilat.co.id');
    await expectAccessible(page);
  });

  test('without a session says the borrower is not signed in and offers the way back in the native shell (decision 053)', async ({
    page,
  }) => {
    await installNativeWrapper(page);
    await page.goto(appUrl('/customerService', { isNeedPop: 1 }));
    await expect(page.getByRole('heading', { level: 1, name: 'You are not signed in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open Kilat' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'I have signed in, try again' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Telephone/ })).toHaveCount(0);
  });
});
