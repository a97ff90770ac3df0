import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { expect, expectAccessible, test } from '../fixtures.js';

test("a risk operator uploads a product's logo: a file that is not an image is refused naming the formats, a PNG is shown in the list (issue 47 item 10)", async ({
  browser,
  request,
  baseURL,
}) => {
  const context = await desktopContext(browser, baseURL);
  const page = await context.newPage();
  await signInAs(page, await demoOperator(request, 'risk'));
  await page.getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();

  // a product of this test's own: the seeded products other tests read keep their logos
  const code = `logo-${Date.now().toString(36)}`;
  const form = page.getByRole('form', { name: 'Product' });
  await form.getByLabel('Market').selectOption('ID');
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Name').fill('Kilat Logo');
  await form.getByLabel(/^Interest a day/).fill('8');
  await form.getByRole('button', { name: 'Save product' }).click();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Default');
  await row.getByRole('button', { name: `Edit ${code}` }).click();

  const logoForm = page.getByRole('form', { name: `Logo of ${code}` });
  await expect(logoForm).toContainText('No logo: borrowers see the default.');
  await expectAccessible(page);
  await logoForm
    .getByLabel('Logo file')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await logoForm.getByRole('button', { name: 'Upload logo' }).click();
  await expect(logoForm.getByRole('alert')).toContainText('The logo must be a PNG, JPEG or WebP image');
  await expectAccessible(page);

  // a real 64 × 64 PNG, drawn by the browser itself
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 64, height: 64 } });
  await logoForm.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await logoForm.getByRole('button', { name: 'Upload logo' }).click();
  await expect(logoForm.getByRole('status')).toHaveText('Logo uploaded: borrowers now see it.');
  const listed = row.getByRole('img', { name: 'Logo of Kilat Logo' });
  await expect(listed).toHaveAttribute('src', /^\/product-logos\/[0-9a-f]{32}\.png$/);
  // the browser loaded and drew it: the address serves the image
  await expect.poll(() => listed.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(64);
  await expectAccessible(page);
  await context.close();
});
