import { appUrl, expect, expectAccessible, test } from '../fixtures.js';

const india = { isNeedPop: 1 };
const indonesia = { isNeedPop: 0 };
const sections = ['/', '/About', '/User', '/Policy', '/Loan', '/Contact'];

test.describe('official site', () => {
  for (const [market, params] of [
    ['India', india],
    ['Indonesia', indonesia],
  ] as const) {
    for (const path of sections) {
      test(`the ${path} section passes the accessibility check in the ${market} pack`, async ({ page }) => {
        await page.goto(appUrl(path, params));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (path === '/Policy') {
          await expect(page.frameLocator('iframe').getByRole('heading', { level: 2 }).first()).toBeVisible();
        }
        await expectAccessible(page);
      });
    }
  }

  test('the navigation lists Home, About us, User reviews, Privacy Policy, Loan Terms And Conditions and Contact us', async ({ page }) => {
    await page.goto(appUrl('/', india));
    const links = page.getByRole('navigation').getByRole('link');
    await expect(links).toHaveText(['Home', 'About us', 'User reviews', 'Privacy Policy', 'Loan Terms And Conditions', 'Contact us']);
    await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  test('choosing a section shows only that section and marks it current', async ({ page }) => {
    await page.goto(appUrl('/', india));
    const carousel = page.getByRole('region', { name: 'Highlights' });
    const sendMessage = page.getByRole('button', { name: 'Send Message' });
    await expect(carousel).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL(/\/Contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await expect(sendMessage).toBeVisible();
    await expect(carousel).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');

    await page.getByRole('navigation').getByRole('link', { name: 'User reviews' }).click();
    await expect(page).toHaveURL(/\/User$/);
    await expect(page.getByRole('heading', { level: 1, name: 'User reviews' })).toBeVisible();
    await expect(sendMessage).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(0);

    await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(carousel).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'User reviews' })).toHaveCount(0);
  });

  test('choosing a section scrolls back to the top of the page', async ({ page }) => {
    await page.goto(appUrl('/Loan', india));
    await expect(page.getByRole('heading', { name: '6. Late payment penalties' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    await page.getByRole('navigation').getByRole('link', { name: 'About us' }).click();
    await expect(page).toHaveURL(/\/About$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the home carousel advances from banner 1 to banner 2 and wraps back to banner 1', async ({ page }) => {
    await page.goto(appUrl('/', india));
    const first = page.getByRole('group', { name: '1 of 2', includeHidden: true });
    const second = page.getByRole('group', { name: '2 of 2', includeHidden: true });
    await expect(first).toHaveAttribute('aria-hidden', 'false');
    await expect(second).toHaveAttribute('aria-hidden', 'true');

    await expect(second).toHaveAttribute('aria-hidden', 'false', { timeout: 10_000 });
    await expect(first).toHaveAttribute('aria-hidden', 'true');

    await expect(first).toHaveAttribute('aria-hidden', 'false', { timeout: 10_000 });
    await expect(second).toHaveAttribute('aria-hidden', 'true');
  });

  test('the Policy section embeds the privacy policy page in a titled frame', async ({ page }) => {
    await page.goto(appUrl('/Policy', india));
    const frame = page.frameLocator('iframe[title="Kilat privacy policy"]');
    await expect(frame.getByRole('heading', { name: '1. Use your Information' })).toBeVisible();
    await expect(frame.getByRole('heading', { name: '9. Contacts' })).toBeAttached();
  });

  test('the Loan section shows the loan terms and conditions', async ({ page }) => {
    await page.goto(appUrl('/Loan', india));
    await expect(page.getByRole('heading', { level: 1, name: 'Loan Terms And Conditions' })).toBeVisible();
    await expect(page.getByText('₹1,000.00 for new clients and ₹800.00 for repeat clients')).toBeVisible();
  });

  test('the footer shows the company name, address, phone, e-mail and copyright of each market', async ({ page }) => {
    const year = new Date().getFullYear();
    await page.goto(appUrl('/', india));
    const indiaFooter = page.getByRole('contentinfo');
    await expect(indiaFooter.getByText('Kilat Finance Private Limited', { exact: true })).toBeVisible();
    await expect(indiaFooter.getByText(/Bengaluru/)).toBeVisible();
    await expect(indiaFooter.getByRole('link', { name: '+91 80 4718 2200' })).toHaveAttribute('href', 'tel:+918047182200');
    await expect(indiaFooter.getByRole('link', { name: 'support@kilat.co.in' })).toHaveAttribute('href', 'mailto:support@kilat.co.in');
    await expect(indiaFooter.getByText(`© ${year} Kilat Finance Private Limited. All rights reserved.`)).toBeVisible();

    await page.goto(appUrl('/', indonesia));
    const indonesiaFooter = page.getByRole('contentinfo');
    await expect(indonesiaFooter.getByText('PT Kilat Dana Teknologi', { exact: true })).toBeVisible();
    await expect(indonesiaFooter.getByText(/Jakarta Selatan/)).toBeVisible();
    await expect(indonesiaFooter.getByRole('link', { name: 'cs@kilat.co.id' })).toHaveAttribute('href', 'mailto:cs@kilat.co.id');
    await expect(indonesiaFooter.getByText(new RegExp(`© ${year} PT Kilat Dana Teknologi`))).toBeVisible();
  });

  test("the Indonesian footer publishes TKB90 at the last month's end, fitting 360 px; India's has none", async ({ page }) => {
    await page.goto(appUrl('/', indonesia));
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Tingkat Keberhasilan Bayar 90 hari (TKB90)')).toBeVisible();
    await expect(footer.getByText(/^\d{1,3}(,\d{1,2})?% per \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await page.setViewportSize({ width: 360, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);

    await page.goto(appUrl('/', india));
    await expect(page.getByRole('contentinfo').getByText('Kilat Finance Private Limited', { exact: true })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByText(/TKB90/)).toHaveCount(0);
  });

  test('the Indonesian pack labels the navigation in Bahasa Indonesia', async ({ page }) => {
    await page.goto(appUrl('/', indonesia));
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Beranda' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('navigation').getByRole('link', { name: 'Hubungi kami' }).click();
    await expect(page.getByRole('button', { name: 'Kirim Pesan' })).toBeVisible();
  });
});

test.describe('official contact form', () => {
  test('Send Message with an empty field shows the failure toast, with all fields the success toast, and sends nothing', async ({
    page,
  }) => {
    await page.goto(appUrl('/Contact', india));
    const send = page.getByRole('button', { name: 'Send Message' });
    await expect(send).toBeVisible();
    await page.waitForLoadState('networkidle');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));

    await send.click();
    await expect(page.getByText('Please provide complete information!')).toBeVisible();

    await page.getByLabel('Company').fill('Acme Traders');
    await page.getByLabel('Subject').fill('Partnership');
    await page.getByLabel('Message').fill('   ');
    await send.click();
    await expect(page.getByText('Please provide complete information!')).toBeVisible();
    await expect(page.getByText('Submit successfully!')).toHaveCount(0);

    await page.getByLabel('Message').fill('We would like to talk about a partnership.');
    await send.click();
    await expect(page.getByText('Submit successfully!')).toBeVisible();

    expect(requests).toEqual([]);
  });

  test('the Indonesian form shows the Indonesian toasts', async ({ page }) => {
    await page.goto(appUrl('/Contact', indonesia));
    const send = page.getByRole('button', { name: 'Kirim Pesan' });
    await send.click();
    await expect(page.getByText('Harap lengkapi semua informasi!')).toBeVisible();
    await page.getByLabel('Perusahaan').fill('PT Maju');
    await page.getByLabel('Subjek').fill('Kerja sama');
    await page.getByLabel('Pesan').fill('Kami ingin bekerja sama.');
    await send.click();
    await expect(page.getByText('Berhasil dikirim!')).toBeVisible();
  });
});
