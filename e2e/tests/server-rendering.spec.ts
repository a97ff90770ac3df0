import { API_PREFIX, Endpoints, OrderStatus } from '@kilat/contract';
import myLoansIN from '../../apps/web/src/features/my-loans/texts/en-IN.js';
import myLoansID from '../../apps/web/src/features/my-loans/texts/id-ID.js';
import installmentsIN from '../../apps/web/src/features/repayment/installments/texts/en-IN.js';
import installmentsID from '../../apps/web/src/features/repayment/installments/texts/id-ID.js';
import { appUrl, callAs, type DemoMarket, expect, sessionParams, test } from '../fixtures.js';
import { callsTo, expectHydrated, keptServerHeading, watch, withoutScripts } from './hydration-watch.js';
import { demoOrders, pageParams } from './loan-orders.js';

test.describe('pages rendered on the server', () => {
  const staticPages: [string, DemoMarket][] = [
    ['/', 'IN'],
    ['/', 'ID'],
    ['/About', 'IN'],
    ['/Loan', 'ID'],
    ['/privacyPolicy', 'IN'],
    ['/aboutUs', 'ID'],
    ['/loanTerms', 'IN'],
  ];
  for (const [path, market] of staticPages) {
    test(`${path} (${market}) paints from the server's HTML and hydrates without a warning`, async ({ page }) => {
      const problems = await watch(page);
      await page.goto(appUrl(path, { isNeedPop: market === 'IN' ? 1 : 0 }));
      await expect(page.locator('#root h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      expect(await keptServerHeading(page), 'the heading the server sent is still the one shown').toBe(true);
      await expect(page.locator('html')).toHaveAttribute('lang', market === 'IN' ? 'en-IN' : 'id-ID');
    });
  }

  for (const market of ['IN', 'ID'] as const) {
    test(`loan details (${market}) has its status in the HTML before any script runs, and no session token`, async ({
      browser,
      request,
      demo,
    }) => {
      const session = await demo(market);
      const order = (await demoOrders(request, session)).get(OrderStatus.DueSoon);
      expect(order, `a seeded order in status ${OrderStatus.DueSoon}`).toBeDefined();
      const url = appUrl('/loanDetails', pageParams(session, order!));

      const html = await (await request.get(url)).text();
      expect(html).toContain(order!.details.noticeStatusText);
      expect(html).not.toContain(session.sessionId);

      await withoutScripts(browser, url, async (page) => {
        await expect(page.getByRole('heading', { level: 2, name: order!.details.noticeStatusText })).toBeVisible();
        await expect(page.getByText(order!.details.noticeDesText)).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: order!.details.productName })).toBeVisible();
      });
    });

    test(`loan details (${market}) hydrates the server's page without asking for the details again`, async ({ page, request, demo }) => {
      const session = await demo(market);
      const order = (await demoOrders(request, session)).get(OrderStatus.DueSoon);
      const problems = await watch(page);
      const detailCalls = callsTo(page, `${API_PREFIX}${Endpoints.loanDetails.path}`);
      await page.goto(appUrl('/loanDetails', pageParams(session, order!)));
      await expect(page.getByRole('heading', { level: 2, name: order!.details.noticeStatusText })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      expect(await keptServerHeading(page)).toBe(true);
      expect(detailCalls, 'the details came with the page').toEqual([]);
      // the token left the address, as on a page the browser renders itself (DESIGN §3)
      expect(page.url()).not.toContain(session.sessionId);
    });
  }

  for (const market of ['IN', 'ID'] as const) {
    test(`main (${market}) paints the running loan from the server's HTML and hydrates it without asking for the orders again (decision 168)`, async ({
      browser,
      page,
      request,
      demo,
    }) => {
      const session = await demo(market);
      const yourLoan = (market === 'IN' ? myLoansIN : myLoansID).currentLoan;
      const url = appUrl('/main', sessionParams(session, {}));

      // before any script: the HTML has the loan and not the token
      const html = await (await request.get(url)).text();
      expect(html).toContain(`data-ssr="${market}:/main"`);
      expect(html).not.toContain(session.sessionId);
      await withoutScripts(browser, url, async (still) => {
        await expect(still.getByRole('region', { name: yourLoan })).toBeVisible();
      });

      const problems = await watch(page);
      const orderCalls = callsTo(page, `${API_PREFIX}${Endpoints.myOrders.path}`);
      await page.goto(url);
      await expect(page.getByRole('region', { name: yourLoan })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      expect(await keptServerHeading(page)).toBe(true);
      expect(orderCalls, 'the orders came with the page').toEqual([]);
      expect(page.url()).not.toContain(session.sessionId);
    });
  }

  for (const market of ['IN', 'ID'] as const) {
    test(`installments (${market}) paints its periods from the server's HTML and hydrates them without asking for the plan again (issue 33)`, async ({
      browser,
      page,
      request,
      demo,
    }) => {
      const session = await demo(market);
      const order = (await demoOrders(request, session)).get(OrderStatus.InstallmentPartlyPaid)!;
      const plan = await callAs<{ repayPlanDetail: { repayWaitDetail: { periodNo: number; amount: string; totalAmount: number }[] } }>(
        request,
        session,
        'installmentPlan',
        { productId: order.productId, orderId: order.orderId },
      );
      const pending = plan.repayPlanDetail.repayWaitDetail;
      expect(pending.length).toBeGreaterThan(1);
      const texts = market === 'IN' ? installmentsIN : installmentsID;
      const box = (period: (typeof pending)[number]) => `${texts.period.replace('{n}', String(period.periodNo))} ${period.amount}`;
      const url = appUrl('/repay', pageParams(session, order));

      // before any script: every pending period, its amount and its checkbox are in the HTML, and the token is not
      const html = await (await request.get(url)).text();
      expect(html).toContain(`data-ssr="${market}:/repay"`);
      expect(html).not.toContain(session.sessionId);
      await withoutScripts(browser, url, async (still) => {
        await expect(still.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
        for (const period of pending) await expect(still.getByRole('checkbox', { name: box(period) })).toBeVisible();
      });

      const problems = await watch(page);
      const planCalls = callsTo(page, `${API_PREFIX}${Endpoints.installmentPlan.path}`);
      await page.goto(url);
      await expectHydrated(page);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      expect(await keptServerHeading(page)).toBe(true);
      expect(planCalls, 'the plan came with the page').toEqual([]);
      expect(page.url()).not.toContain(session.sessionId);
      // the hydrated page answers: the first period is chosen and the total follows
      await page.getByRole('checkbox', { name: box(pending[0]!) }).check();
      await expect(page.getByRole('button', { name: texts.payNow })).toBeEnabled();
    });
  }

  test('loan details carries its stylesheets: it paints styled without fetching one, and hydrating adds none (decision 122)', async ({
    page,
    request,
    demo,
  }) => {
    const session = await demo('IN');
    const order = (await demoOrders(request, session)).get(OrderStatus.DueSoon);
    const stylesheets: string[] = [];
    page.on('request', (sent) => {
      if (sent.resourceType() === 'stylesheet' || new URL(sent.url()).pathname.endsWith('.css')) stylesheets.push(sent.url());
    });
    await page.goto(appUrl('/loanDetails', pageParams(session, order!)));
    const status = page.locator('main section').first();
    await expect(page.getByRole('heading', { level: 2, name: order!.details.noticeStatusText })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(stylesheets, 'no stylesheet fetched, before or after hydration').toEqual([]);
    // the entry's rules (the sticky header) and the route's (the status block) both apply
    await expect(page.locator('.page-header')).toHaveCSS('position', 'sticky');
    await expect(status).toHaveCSS('display', 'flex');
    await expect(status).toHaveCSS('flex-direction', 'column');
  });

  test('a page the borrower scrolled before its script ran stays where it was scrolled once it hydrates', async ({ page }) => {
    // hold every script until the server's page has been scrolled, so the scroll surely comes before hydration
    let scrolled!: () => void;
    const scrolling = new Promise<void>((resolve) => {
      scrolled = resolve;
    });
    await page.route(/\/assets\/[^?]*\.js(\?|$)/, async (route) => {
      await scrolling;
      await route.continue();
    });
    await page.goto(appUrl('/Loan', { isNeedPop: 1 }), { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: '6. Late payment penalties' })).toBeVisible();
    await expect(page.locator('#root')).toHaveAttribute('data-ssr', /.+/);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const scrollY = await page.evaluate(() => window.scrollY);
    expect(scrollY, 'the server page is taller than the screen').toBeGreaterThan(0);

    scrolled();
    await expectHydrated(page);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
  });

  test('the official home asks for its scripts only once its text and its banner are painted (decision 180)', async ({ page }) => {
    await page.goto(appUrl('/', { isNeedPop: 1 }));
    await expectHydrated(page);
    const timing = await page.evaluate(async () => {
      const banner = await new Promise<PerformanceEntry | undefined>((resolve) => {
        new PerformanceObserver((list) =>
          resolve(list.getEntries().find((entry) => (entry as PerformanceEntry & { url: string }).url.includes('/banners/fast-loan'))),
        ).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^?]*\.js$/.test(entry.name))
        .map((entry) => entry.startTime);
      return {
        firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        bannerPainted: banner?.startTime,
        firstScript: Math.min(...scripts),
        scripts: scripts.length,
      };
    });
    expect(timing.scripts, 'the hydrating scripts were fetched').toBeGreaterThan(0);
    expect(timing.firstContentfulPaint, 'the browser reported the first paint').toBeDefined();
    expect(timing.bannerPainted, 'the banner was the largest paint').toBeDefined();
    expect(timing.firstScript, JSON.stringify(timing)).toBeGreaterThan(timing.firstContentfulPaint!);
    expect(timing.firstScript, JSON.stringify(timing)).toBeGreaterThan(timing.bannerPainted!);
  });

  test("complaint entry hydrates the server's page with the address's order, and renders afresh once the browser saved an order", async ({
    page,
    request,
    demo,
  }) => {
    const session = await demo('ID');
    const order = (await demoOrders(request, session)).get(OrderStatus.DueSoon);
    const problems = await watch(page);
    const initCalls = callsTo(page, `${API_PREFIX}${Endpoints.problemInit.path}`);
    const address = appUrl('/complaint', pageParams(session, order!));
    await page.goto(address);
    const orderNo = session.orders.find((entry) => entry.orderId === order!.orderId)!.orderNo;
    await expect(page.getByText(orderNo, { exact: false }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    expect(await keptServerHeading(page)).toBe(true);
    expect(initCalls, 'the order came with the page').toEqual([]);

    // a question type saves the order locally (spec §2); back on the entry the browser starts from it
    await page.locator('main button').last().click();
    await expect(page).not.toHaveURL(/\/complaint\?/);
    await page.goto(address);
    await expect(page.getByText(orderNo, { exact: false }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    expect(await keptServerHeading(page), 'rendered afresh from the saved order').toBe(false);
  });

  test('a route the server does not render, and a hash route, still render in the browser without a hydration warning', async ({
    page,
    request,
    demo,
  }) => {
    const session = await demo('IN');
    const order = (await demoOrders(request, session)).get(OrderStatus.DueSoon);
    const problems = await watch(page);
    await page.goto(appUrl('/complaintList', pageParams(session, order!)));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // the official home's prerendered HTML, but the browser shows the hash route's page
    await page.goto(appUrl('/#/borrowDetail/', pageParams(session, order!)));
    await expect(page.getByRole('heading', { level: 2, name: order!.details.noticeStatusText })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    expect(await keptServerHeading(page), 'the browser rendered the hash route afresh').toBe(false);
  });

  test('at a #/ address the official home the server sent stays hidden until the app draws the hash route (decision 168)', async ({
    page,
  }) => {
    // the app's entry script never arrives: what shows is only the server's HTML and the boot script
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/?isNeedPop=1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/?isNeedPop=1#/borrowDetail/?orderId=1&productId=1');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-hash-route', '');
    await expect(page.locator('#root[data-ssr]')).toBeAttached();
    await expect(page.locator('#root')).toBeHidden();
  });
});
