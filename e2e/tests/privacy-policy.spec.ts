import { appUrl, expect, expectAccessible, test } from '../fixtures.js';

const englishSections = [
  '1. Use your Information',
  '2. Disclosure',
  '3. Cookies',
  '4. Data Security',
  '5. Non-discrimination statement',
  '6. Rights',
  '7. Protection of Minors',
  '8. Changes',
  '9. Contacts',
];

const indonesianSections = [
  '1. Penggunaan Informasi Anda',
  '2. Pengungkapan',
  '3. Cookie',
  '4. Keamanan Data',
  '5. Pernyataan anti-diskriminasi',
  '6. Hak Anda',
  '7. Perlindungan Anak di Bawah Umur',
  '8. Perubahan',
  '9. Kontak',
];

test.describe('privacy policy', () => {
  test('shows all nine sections at /privacyPolicy in the India pack', async ({ page }) => {
    await page.goto(appUrl('/privacyPolicy', { isNeedPop: 1 }));
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(englishSections);
    await expect(page.getByText('cancel your account at any time when you have no outstanding loan;')).toBeAttached();
    await expect(page.getByText('Address: 4th Floor, Prestige Tech Park', { exact: false })).toBeAttached();
    await expectAccessible(page);
  });

  test('shows all nine sections at the configured /privacy route in the Indonesia pack', async ({ page }) => {
    await page.goto(appUrl('/privacy', { isNeedPop: 0 }));
    await expect(page.getByRole('heading', { level: 1, name: 'Kebijakan Privasi' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(indonesianSections);
    await expect(page.getByText('E-mail: cs@kilat.co.id')).toBeAttached();
    await expectAccessible(page);
  });
});
