import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { expect, expectAccessible, test } from '../fixtures.js';

test("a risk operator adds an Indonesian product: refused naming OJK's daily cap, saved within it, offered, then retired (issue 31 item 3)", async ({
  browser,
  request,
  baseURL,
}) => {
  const context = await desktopContext(browser, baseURL);
  const page = await context.newPage();
  await signInAs(page, await demoOperator(request, 'risk'));
  await page.getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('India');
  await expectAccessible(page);

  const code = `e2e-${Date.now().toString(36)}`;
  const form = page.getByRole('form', { name: 'Product' });
  await form.getByLabel('Market').selectOption('ID');
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Name').fill('Kilat E2E');
  await form.getByLabel(/^Interest a day/).fill('15');
  await form.getByRole('button', { name: 'Save product' }).click();
  await expect(form.getByRole('alert')).toContainText("Interest of 0.15 % a day is above Indonesia's cap of 0.1 % a day (OJK).");
  await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(0);
  await expectAccessible(page);

  await form.getByLabel(/^Interest a day/).fill('8');
  await form.getByRole('button', { name: 'Save product' }).click();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Not offered');
  await expect(row).toContainText('Rp');
  await expect(row).toContainText('0.08 %');
  await row.getByRole('button', { name: `Offer ${code}` }).click();
  await expect(row).toContainText('Offered');
  await row.getByRole('button', { name: `Retire ${code}` }).click();
  await expect(row).toContainText('Not offered');
  await context.close();
});
