/** The complaint desk mended (issue 31 item 6): the queue refreshes by itself, a long word wraps, times are named. */
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { expect, expectAccessible, test } from '../fixtures.js';

test('the queue shows a new complaint when the operator comes back to it, and a 2,000-character word in a reply does not widen the complaint page', async ({
  request,
  browser,
  baseURL,
  demo,
  api,
}) => {
  test.slow();
  const session = await demo('ID');
  const { orderList } = await api<{ orderList: { orderNo: string; isShow: number }[] }>(session, 'problemInit');
  const complain = async (detail: string) =>
    (await api<{ problemId: number }>(session, 'problemSave', { problemType: '2', problemDetail: detail, orderNo: orderList[0]!.orderNo }))
      .problemId;

  const context = await desktopContext(browser, baseURL);
  const page = await context.newPage();
  const agent = await demoOperator(request, 'agent');
  await signInAs(page, agent);
  await expect(page.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
  const queueOfIndonesia = () =>
    page.waitForResponse((response) => response.url().includes('/console/api/complaints?') && response.url().includes('market=ID'));
  const loaded = queueOfIndonesia();
  await page.getByRole('combobox', { name: /^Market/ }).selectOption('ID');
  await loaded;

  // sent while the queue is open: it appears without a reload when the operator returns to the tab
  const detail = `Sent while the queue was open ${Date.now()}`;
  const problemId = await complain(detail);
  await expect(page.getByRole('row').filter({ hasText: detail })).toHaveCount(0);
  const refreshed = queueOfIndonesia();
  // what the browser fires when the operator comes back to the tab
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await refreshed;
  const row = page.getByRole('row').filter({ hasText: detail });
  await expect(row).toBeVisible();
  // Indonesia's times in Jakarta's zone, named
  await expect(row).toContainText('WIB');

  await row.getByRole('link', { name: `#${problemId}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Complaint #${problemId}` })).toBeVisible();
  const word = 'a'.repeat(2000);
  const reply = page.getByRole('form', { name: 'Reply' });
  await reply.getByLabel(/Reply text/).fill(word);
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reply sent' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Replies' }).getByText(word)).toBeVisible();
  // the page is as wide as the window: the word breaks instead
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  await expectAccessible(page);
  await context.close();
});
