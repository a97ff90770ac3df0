import { appUrl, expect, expectAccessible, test } from '../fixtures.js';

test.describe('loan terms and conditions', () => {
  test('states the India penalties, term, prepayment, decision and credit times of spec §9', async ({ page }) => {
    await page.goto(appUrl('/loanTerms', { isNeedPop: 1 }));
    await expect(page.getByRole('heading', { level: 1, name: 'Loan Terms And Conditions' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '1. Lender information' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '2. Definitions' })).toBeVisible();
    await expect(page.getByText(/by Kilat Finance Private Limited, a licensed lending company/)).toBeVisible();
    await expect(page.getByText('Loans range from ₹2,000.00 to ₹80,000.00.')).toBeVisible();
    await expect(page.getByText(/The loan term is 91 to 365 days/)).toBeVisible();
    await expect(page.getByText(/₹1,000\.00 for new clients and ₹800\.00 for repeat clients/)).toBeVisible();
    await expect(page.getByText('5% a day for days 1 to 30;')).toBeVisible();
    await expect(page.getByText('4% a day for days 31 to 90;')).toBeVisible();
    await expect(page.getByText('2% a day from day 91 onward.')).toBeVisible();
    await expect(page.getByText(/never compounded/)).toBeVisible();
    await expect(page.getByText(/once half of the loan term has passed, and not before day 7/)).toBeVisible();
    await expect(page.getByText('We decide on your application within 1 day.')).toBeVisible();
    await expect(page.getByText(/credited to your bank account within 1 to 3 days/)).toBeVisible();
    await expectAccessible(page);
  });

  test('states the Indonesian caps: 0.1% a day for interest and late fees, total cost at most 100% of the principal', async ({ page }) => {
    await page.goto(appUrl('/loanTerms', { isNeedPop: 0 }));
    await expect(page.getByRole('heading', { level: 1, name: 'Syarat dan Ketentuan Pinjaman' })).toBeVisible();
    await expect(page.getByText('Bunga dibatasi paling tinggi 0,1% per hari dari pokok pinjaman.')).toBeVisible();
    await expect(page.getByText(/Denda keterlambatan dibatasi paling tinggi 0,1% per hari/)).toBeVisible();
    await expect(page.getByText(/tidak akan pernah melebihi 100% dari pokok pinjaman/)).toBeVisible();
    await expect(page.getByText('Pinjaman tersedia mulai Rp 1.000.000,00 sampai Rp 15.000.000,00.')).toBeVisible();
    await expect(page.getByText(/91 sampai 365 hari/)).toBeVisible();
    await expect(page.getByText(/tidak sebelum hari ke-7/)).toBeVisible();
    await expect(page.getByText(/oleh PT Kilat Dana Teknologi, perusahaan pinjaman berizin/)).toBeVisible();
    await expectAccessible(page);
  });
});
