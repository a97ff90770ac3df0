/**
 * The console's dashboard (issue 31 item 4) at desktop size: a supervisor opens it from the
 * navigation; its charts are images named by what they show, with the figures in tables beside
 * them; a figure links to the list behind it, whose rows open their orders, and whose CSV download
 * has the header and those rows. An agent is not offered it. axe passes on both pages.
 */
import { readFile } from 'node:fs/promises';
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { type DemoSession, expect, expectAccessible, test } from '../fixtures.js';

test('a supervisor reads the dashboard, follows a figure to its list and downloads it as CSV', async ({ request, browser, baseURL }) => {
  // a fresh borrower's loans: India has money disbursed this year
  const borrower = (await (await request.get('/dev/session?market=IN&fresh=due')).json()) as DemoSession;
  expect(borrower.orders.length).toBeGreaterThan(0);

  const context = await desktopContext(browser, baseURL);
  const page = await context.newPage();
  await signInAs(page, await demoOperator(request, 'supervisor'));
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Dashboard filters' }).getByLabel('Market')).toHaveValue('IN');

  const money = page.getByRole('region', { name: 'Disbursed and repaid per day' });
  // the chart is drawn (a canvas) and named by what it shows; its figures per day are in a table
  await expect(
    money.getByRole('img', { name: /^Bar chart of the money disbursed and repaid per business date, .* in INR: ₹[\d,.]+ disbursed/ }),
  ).toBeVisible();
  await expect(money.locator('canvas')).not.toHaveCount(0);
  await money.getByText('The figures per day').click();
  const perDay = money.getByRole('table', { name: 'Disbursed and repaid per business date (INR)' });
  await expect(perDay.getByRole('row')).toHaveCount(31); // the header and 30 days
  for (const title of [
    'Outstanding by days past due',
    'Penalties accrued and waived',
    'Payouts failed and reversed',
    'Complaints: replies within 3 weekdays',
    "Complaints against the regulator's deadline",
    'Chatbot resolution',
    'Registration funnel',
  ]) {
    await expect(page.getByRole('region', { name: new RegExp(`^${title}`) })).toBeVisible();
  }
  await expect(page.getByRole('table', { name: /^Open loans by days past due/ }).getByRole('row')).toHaveCount(5);
  // the open book says when it was counted, on the market's clock (decision 166)
  await expect(
    page.getByRole('region', { name: /^Outstanding by days past due, as of \d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST$/ }),
  ).toBeVisible();
  await expectAccessible(page);

  // the demo loans were disbursed within the last year: the range starts 360 days back
  const from = new Date(Date.now() - 360 * 86_400_000).toISOString().slice(0, 10);
  await page.getByRole('form', { name: 'Dashboard filters' }).getByLabel('From').fill(from);
  await expect(page).toHaveURL(new RegExp(`/console/dashboard\\?market=IN&from=${from}$`));
  await expect(perDay.getByRole('row')).not.toHaveCount(31);

  // the figure links to its list: as many rows as it counts
  const disbursed = money.getByRole('link', { name: /^₹[\d,.]+ \(\d+\)$/ }).first();
  const count = Number(/\((\d+)\)$/.exec((await disbursed.textContent()) ?? '')![1]);
  expect(count).toBeGreaterThan(0);
  await disbursed.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Disbursements' })).toBeVisible();
  await expect(page).toHaveURL(/\/console\/dashboard\/list\/disbursed\?market=IN&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  expect(new URL(page.url()).searchParams.get('from')).toBe(from);
  const list = page.getByRole('table', { name: /newest first$/ });
  await expect(list).toHaveAccessibleName('Page 1, newest first');
  const rows = list.getByRole('row');
  // other tests of the run may lend meanwhile: at least the rows the figure counted
  expect(await rows.count()).toBeGreaterThanOrEqual(Math.min(count, 50) + 1);
  const firstOrder = (await rows.nth(1).getByRole('link').first().textContent())!;
  await expectAccessible(page);

  // the CSV: the header, and every row of the list
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^kilat-disbursed-IN-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await file.path())!, 'utf8'))
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Business date,Order number,Borrower id,Borrower name,Amount (INR),Reference');
  expect(lines.length).toBeGreaterThanOrEqual(count + 1);
  expect(lines.some((line) => line.split(',')[1] === firstOrder)).toBe(true);
  expect(lines.slice(1).every((line) => /^\d{4}-\d{2}-\d{2},/.test(line) && /,\d+\.\d{2},/.test(line))).toBe(true);

  // a row opens its order
  await rows.nth(1).getByRole('link', { name: firstOrder }).click();
  await expect(page).toHaveURL(/\/console\/orders\/\d+$/);

  // back on the dashboard, Indonesia's figures are in rupiah
  await page.goto('/console/dashboard?market=ID');
  await expect(page.getByRole('region', { name: 'Disbursed and repaid per day' }).getByRole('img', { name: /in IDR: Rp/ })).toBeVisible();
  await context.close();
});

test('an agent is not offered the dashboard', async ({ request, browser, baseURL }) => {
  const context = await desktopContext(browser, baseURL);
  const page = await context.newPage();
  await signInAs(page, await demoOperator(request, 'agent'));
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Complaints' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await page.goto('/console/dashboard');
  await expect(page.getByRole('alert')).toHaveText('Your role does not allow this.');
  await context.close();
});
