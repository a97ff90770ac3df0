/**
 * Issue 47 item 10's smaller things at desktop size: the enrolment page shows the authenticator
 * secret as a QR code beside its text and refuses a password of one repeated character; a checker's
 * reason is kept and shown on the order; the tab that lost a race to decide a request is told and
 * offers nothing more for it; order numbers and amounts never break in the Payouts table; the order
 * page's tables are ruled and its dates written as the rest of the console writes them. Axe clean.
 */
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { type DemoSession, expect, expectAccessible, test } from '../fixtures.js';

test('the enrolment page shows a QR code of the secret beside its text and refuses aaaaaaaaaaaa', async ({ request, browser, baseURL }) => {
  test.slow();
  const stamp = Date.now();
  const adminContext = await desktopContext(browser, baseURL);
  const admin = await adminContext.newPage();
  await signInAs(admin, await demoOperator(request, 'admin'));
  await admin.getByRole('link', { name: 'Operators' }).click();
  const form = admin.getByRole('form', { name: 'New operator' });
  await form.getByLabel('Name').fill(`Quinn QR ${stamp}`);
  await form.getByLabel('Email').fill(`quinn.${stamp}@kilat.test`);
  await form.getByLabel('Role').selectOption('agent');
  await form.getByRole('button', { name: 'Add operator' }).click();
  const link = ((await admin.getByRole('status').filter({ hasText: 'one-time link' }).locator('code').textContent()) ?? '').trim();

  const ownContext = await desktopContext(browser, baseURL);
  const own = await ownContext.newPage();
  await own.goto(link);
  const setup = own.getByRole('form', { name: 'Set up your account' });
  const qr = setup.getByRole('img', { name: /QR code of your authenticator secret/ });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  // the image drew: a browser that could not decode it gives it no natural width
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(setup.locator('code').first()).toHaveText(/^[A-Z2-7]{16,}$/);
  await expectAccessible(own);
  await setup.getByLabel(/^New password/).fill('aaaaaaaaaaaa');
  await setup.getByLabel('The password again').fill('aaaaaaaaaaaa');
  await setup.getByLabel('Code from your authenticator app').fill('123456');
  await setup.getByRole('button', { name: 'Set up my account' }).click();
  await expect(setup.getByRole('alert').first()).toContainText('repeats the same few characters');
  await expect(own.getByRole('status')).toHaveCount(0);
  await ownContext.close();
  await adminContext.close();
});

test('a checker who lost the race is told and offered nothing more; the winner’s reason shows on the order', async ({
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const fresh = await request.get('/dev/session?market=IN&fresh=1');
  expect(fresh.ok()).toBe(true);
  const session = (await fresh.json()) as DemoSession;
  const overdue = session.orders.find((order) => order.status === 180)!;
  const reason = `Medical bills, letter on file ${Date.now()}`;

  const makerContext = await desktopContext(browser, baseURL);
  const maker = await makerContext.newPage();
  await signInAs(maker, await demoOperator(request, 'supervisor'));
  await maker.goto(`/console/orders/${overdue.orderId}`);
  const waivers = maker.getByRole('region', { name: 'Penalty waivers' });
  await waivers.getByLabel(/^Amount to waive/).fill('600');
  await waivers.getByLabel('Reason').fill(reason);
  await waivers.getByRole('button', { name: 'Ask to waive' }).click();
  await expect(waivers.getByRole('status')).toHaveText('Asked: another operator approves it.');

  // two checkers open the same inbox; the second one decides first
  const slowContext = await desktopContext(browser, baseURL);
  const slow = await slowContext.newPage();
  await signInAs(slow, await demoOperator(request, 'risk'));
  await slow.goto('/console/approvals');
  const slowRow = slow
    .getByRole('table', { name: /^Waiting for you/ })
    .getByRole('row')
    .filter({ hasText: reason });
  await expect(slowRow.getByRole('button', { name: /^Approve penalty waiver \d+$/ })).toBeVisible();

  const fastContext = await desktopContext(browser, baseURL);
  const fast = await fastContext.newPage();
  await signInAs(fast, await demoOperator(request, 'risk', 1));
  await fast.goto('/console/approvals');
  const fastRow = fast
    .getByRole('table', { name: /^Waiting for you/ })
    .getByRole('row')
    .filter({ hasText: reason });
  // a rejection says why: refused on the page without one
  await fastRow.getByRole('button', { name: /^Reject penalty waiver \d+$/ }).click();
  await expect(fastRow.getByRole('alert')).toContainText('Say why you reject');
  await fastRow.getByLabel(/^Your reason for penalty waiver \d+$/).fill('Letter checked with the hospital');
  await fastRow.getByRole('button', { name: /^Approve penalty waiver \d+$/ }).click();
  await expect(fast.getByRole('status')).toContainText('Approved: penalty waiver');

  // the slow tab still shows it: its approve is refused, said, and the request leaves its inbox
  await slowRow.getByRole('button', { name: /^Approve penalty waiver \d+$/ }).click();
  await expect(slow.getByRole('alert')).toContainText('already decided');
  await expect(slow.getByRole('row').filter({ hasText: reason })).toHaveCount(0);
  await expectAccessible(slow);

  // the order keeps the checker's reason beside the decision
  await maker.reload();
  const decided = maker.getByRole('region', { name: 'Penalty waivers' }).getByRole('row').filter({ hasText: reason });
  await expect(decided).toContainText('Approved');
  await expect(decided).toContainText('“Letter checked with the hospital”');
  await fastContext.close();
  await slowContext.close();
  await makerContext.close();
});

test('payout order numbers and amounts stay whole; the order page’s tables are ruled and its dates read as the console writes them', async ({
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const context = await desktopContext(browser, baseURL);
  const page = await context.newPage();
  await signInAs(page, await demoOperator(request, 'risk'));
  await page.getByRole('link', { name: 'Payouts', exact: true }).click();
  const table = page.getByRole('table').first();
  const orderLink = table.getByRole('row').nth(1).getByRole('link').first();
  await expect(orderLink).toBeVisible();
  // squeezed to a narrow window, an order number or an amount still reads on one line
  await page.setViewportSize({ width: 900, height: 900 });
  for (const token of [orderLink, table.getByRole('row').nth(1).locator('td.mono').first()]) {
    const { whiteSpace, lines } = await token.evaluate((element) => {
      // one line box per line the text takes
      const range = document.createRange();
      range.selectNodeContents(element);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return { whiteSpace: getComputedStyle(element).whiteSpace, lines: tops.size };
    });
    expect(whiteSpace).toBe('nowrap');
    expect(lines).toBe(1);
  }

  const session = (await (await request.get('/dev/session?market=IN&fresh=1')).json()) as DemoSession;
  const overdue = session.orders.find((order) => order.status === 180)!;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/console/orders/${overdue.orderId}`);
  const card = page.getByRole('region', { name: 'Order' });
  await expect(card).toBeVisible();
  // no date written 2026-12-02 beside one written 7 Dec 2026
  await expect(card).not.toContainText(/\b\d{4}-\d{2}-\d{2}\b/);
  const ledger = page.getByRole('table', { name: 'Owed by period' });
  await expect(ledger).not.toContainText(/\b\d{4}-\d{2}-\d{2}\b/);
  await expect(ledger).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
  const ruled = await ledger.evaluate((element) => ({
    collapse: getComputedStyle(element).borderCollapse,
    cellRule: getComputedStyle(element.querySelector('td')!).borderBottomStyle,
  }));
  expect(ruled).toEqual({ collapse: 'collapse', cellRule: 'solid' });
  await expectAccessible(page);
  await context.close();
});
