import { API_PREFIX, Endpoints, OrderStatus, orderStatuses, RecommendModule } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { Page } from '@playwright/test';
import { appUrl, expect, expectAccessible, test } from '../fixtures.js';
import { demoOrders, pageParams } from './loan-orders.js';
import { installNativeWrapper, nativeCalls } from './native-wrapper.js';

const packs = {
  IN: { texts: enIN, stars: (n: number) => (n === 1 ? '1 star' : `${n} stars`), submit: 'Submit', actions: 'Actions' },
  ID: { texts: idID, stars: (n: number) => `${n} bintang`, submit: 'Kirim', actions: 'Tindakan' },
} as const;

const endpointUrl = (name: 'storeScore' | 'eventSave' | 'recommendedTap') => `${API_PREFIX}${Endpoints[name].path}`;

/** The names of the buttons and links in the button area, in order; [] when there is none. */
const actionNames = async (page: Page, label: string): Promise<string[]> => {
  const area = page.getByRole('group', { name: label });
  if ((await area.count()) === 0) return [];
  return area.locator('button, a').allInnerTexts();
};

const statusImage = (page: Page) => page.getByRole('main').locator('img').first().getAttribute('src');

test.describe('loan details (version 3)', () => {
  for (const market of ['IN', 'ID'] as const) {
    test(`shows for every status code exactly the spec's buttons (${market})`, async ({ page, request, demo }) => {
      test.setTimeout(120_000);
      const { texts, actions } = packs[market];
      const session = await demo(market);
      const orders = await demoOrders(request, session);
      const images = new Map<number, string | null>();
      for (const status of orderStatuses) {
        const order = orders.get(status);
        expect(order, `a seeded order in status ${status}`).toBeDefined();
        await page.goto(appUrl('/loanDetails', pageParams(session, order!)));
        await expect(page.getByRole('heading', { level: 2, name: order!.details.noticeStatusText })).toBeVisible();
        await expect(page.getByText(order!.details.noticeDesText)).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: order!.details.productName })).toBeVisible();
        const delay = order!.details.isDelay === 1 ? [texts.delayRepayment] : [];
        const expected: Partial<Record<OrderStatus, string[]>> = {
          [OrderStatus.DueSoon]: [texts.repay, ...delay],
          [OrderStatus.Overdue]: [texts.repay, ...delay],
          [OrderStatus.InstallmentPartlyPaid]: [texts.repay, ...delay],
          [OrderStatus.Extended]: [texts.repay, ...delay],
          [OrderStatus.Disbursed]: [texts.repay],
          [OrderStatus.Settled]: [texts.loanMore],
          [OrderStatus.ClosedEarly]: [texts.loanMore],
        };
        expect(await actionNames(page, actions), `buttons of status ${status}`).toEqual(expected[status] ?? []);
        images.set(status, await statusImage(page));
      }
      // 21, 151, 174, 180, 110 and 200 have their own image; any other code falls back to the 21 image
      expect(
        new Set(
          [
            OrderStatus.UnderReview,
            OrderStatus.Disbursing,
            OrderStatus.DueSoon,
            OrderStatus.Overdue,
            OrderStatus.Rejected,
            OrderStatus.Settled,
          ].map((status) => images.get(status)),
        ).size,
      ).toBe(6);
      // a running loan shows the money received, one closed early the repaid image: never the review magnifier (decision 144)
      for (const status of [OrderStatus.Disbursed, OrderStatus.InstallmentPartlyPaid, OrderStatus.Extended, OrderStatus.ClosedEarly])
        expect(images.get(status)).not.toBe(images.get(OrderStatus.UnderReview));
      expect(images.get(OrderStatus.ClosedEarly)).toBe(images.get(OrderStatus.Settled));
      // the delay link is offered somewhere, so its rule is exercised
      expect(
        [OrderStatus.DueSoon, OrderStatus.Overdue, OrderStatus.InstallmentPartlyPaid, OrderStatus.Extended].some(
          (status) => orders.get(status)!.details.isDelay === 1,
        ),
      ).toBe(true);
    });
  }

  test('hides empty detail rows, shows the recommended list and is accessible', async ({ page, request, demo }) => {
    const session = await demo('IN');
    const order = (await demoOrders(request, session)).get(OrderStatus.Rejected)!;
    await page.goto(appUrl('/loanDetails', pageParams(session, order)));
    const rows = page.getByRole('definition');
    await expect(rows.first()).toBeVisible();
    for (const value of await rows.allInnerTexts()) expect(value.trim()).not.toBe('');
    const first = order.details.recProducts[0]!;
    await expect(page.getByRole('heading', { level: 3, name: first.name })).toBeVisible();
    await expectAccessible(page);

    // the borrow detail hash target of spec §2 opens the same page
    await page.goto(appUrl('/#/borrowDetail/', pageParams(session, order)));
    await expect(page.getByRole('heading', { level: 2, name: order.details.noticeStatusText })).toBeVisible();
  });

  test('repay goes to the repay page with the shared params; delay goes to the repay-delay page', async ({ page, request, demo }) => {
    const session = await demo('IN');
    const orders = await demoOrders(request, session);
    const due = [...orders.values()].find(
      (order) =>
        ([OrderStatus.DueSoon, OrderStatus.Overdue, OrderStatus.Extended] as number[]).includes(order.details.orderStatus) &&
        order.details.isDelay === 1,
    )!;
    await page.goto(appUrl('/loanDetails', pageParams(session, due)));
    await page.getByRole('link', { name: enIN.delayRepayment }).click();
    await expect(page).toHaveURL(new RegExp(`/repayDelay\\?productId=${due.productId}&orderId=${due.orderId}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Extension of repayment' })).toBeVisible();

    await page.goto(appUrl('/loanDetails', pageParams(session, due)));
    await page.getByRole('button', { name: enIN.repay, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/repay\\?productId=${due.productId}&orderId=${due.orderId}`));
    // the demo loan is repaid in one payment: its repay page says so (issue 30 item 9)
    await expect(page.getByRole('heading', { level: 1, name: 'Loan repayment' })).toBeVisible();
  });

  test("'Loan more' saves the event with moduleId 30 and positionId 0, then opens the native product page", async ({
    page,
    request,
    demo,
  }) => {
    const session = await demo('ID');
    const order = (await demoOrders(request, session)).get(OrderStatus.ClosedEarly)!;
    await installNativeWrapper(page);
    await page.goto(appUrl('/loanDetails', pageParams(session, order)));
    await page.getByRole('dialog').getByRole('button', { name: idID.cancel }).click();
    const [event] = await Promise.all([
      page.waitForRequest((request) => request.url().includes(endpointUrl('eventSave'))),
      page.getByRole('button', { name: idID.loanMore }).click(),
    ]);
    expect(Object.fromEntries(new URLSearchParams(event.postData() ?? ''))).toMatchObject({
      productId: order.productId,
      moduleId: '30',
      positionId: '0',
    });
    await expect.poll(() => nativeCalls(page)).toContainEqual({ action: 'goProductPage', payload: { productId: order.productId } });
  });

  test("'More products' goes to native home; a recommended product saves its event, then opens through the recommended tap", async ({
    page,
    request,
    demo,
  }) => {
    const session = await demo('IN');
    const order = (await demoOrders(request, session)).get(OrderStatus.Rejected)!;
    const product = order.details.recProducts.find((candidate) => candidate.clickable === 1)!;
    await installNativeWrapper(page);
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Partner</title><h1>Partner</h1>' }),
    );
    await page.goto(appUrl('/loanDetails', pageParams(session, order)));
    await page.getByRole('button', { name: enIN.moreProducts }).click();
    await expect.poll(() => nativeCalls(page)).toContainEqual({ action: 'goHome', payload: {} });

    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: product.name }) });
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(endpointUrl('eventSave'))) calls.push(`event ${request.postData()}`);
      if (request.url().includes(endpointUrl('recommendedTap'))) calls.push('tap');
    });
    const [tap] = await Promise.all([
      page.waitForRequest((request) => request.url().includes(endpointUrl('recommendedTap'))),
      row.getByRole('button', { name: product.buttonLabel }).click(),
    ]);
    expect(new URLSearchParams(tap.postData() ?? '').get('productId')).toBe(product.id);
    // spec §7: the event save first, with the module id of an ordinary scene (spec §9: 300), then the tap
    expect(calls).toHaveLength(2);
    const event = new URLSearchParams(calls[0]!.replace(/^event /, ''));
    expect([event.get('productId'), event.get('moduleId')]).toEqual([product.id, String(RecommendModule.other)]);
    expect(calls[1]).toBe('tap');
    // the server answers a web address for this product: the page opens it
    await expect(page.getByRole('heading', { level: 1, name: 'Partner' })).toBeVisible();
  });
});

test.describe('loan details rating', () => {
  test('submitting with no star shows Silakan pilih; Cancel and a tap on the mask close the modal', async ({ page, request, demo }) => {
    const session = await demo('ID');
    const order = (await demoOrders(request, session)).get(OrderStatus.ClosedEarly)!;
    expect(order.details.isScore).toBe('1');
    await page.goto(appUrl('/loanDetails', pageParams(session, order)));
    const rating = page.getByRole('dialog', { name: idID.ratingPrompt });
    await expect(rating).toBeVisible();
    await rating.getByRole('button', { name: 'Kirim' }).click();
    await expect(page.getByRole('status').getByText('Silakan pilih')).toBeVisible();
    await expect(rating).toBeVisible();
    await expectAccessible(page);

    await rating.getByRole('radio', { name: '3 bintang' }).click();
    await expect(rating.locator('[data-filled="true"]')).toHaveCount(3);
    // a tap on the mask closes it like Cancel (smaller-things.spec.ts taps Cancel), and it stays closed on the next visit (decision 144)
    await page.mouse.click(10, 10);
    await expect(rating).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: idID.loanMore })).toBeVisible();
    await expect(rating).toHaveCount(0);
  });

  test('fewer than 4 stars sends the stars picked, opens the thank-you modal and closes the rating modal', async ({
    page,
    request,
    demo,
  }) => {
    const session = await demo('IN');
    const order = (await demoOrders(request, session)).get(OrderStatus.Settled)!;
    await installNativeWrapper(page);
    await page.goto(appUrl('/loanDetails', pageParams(session, order)));
    const rating = page.getByRole('dialog', { name: enIN.ratingPrompt });
    await rating.getByRole('radio', { name: '2 stars' }).click();
    await expect(rating.locator('[data-filled="true"]')).toHaveCount(2);
    const [sent] = await Promise.all([
      page.waitForRequest((request) => request.url().includes(endpointUrl('storeScore'))),
      rating.getByRole('button', { name: 'Submit' }).click(),
    ]);
    expect(new URLSearchParams(sent.postData() ?? '').get('score')).toBe('2');
    await expect(page.getByRole('dialog', { name: 'Thank you for your rating!' })).toBeVisible();
    await expect(rating).toBeHidden();
    expect((await nativeCalls(page)).map((call) => call.action)).not.toContain('openStoreRating');
  });

  test('4 or 5 stars ask the native wrapper for its store-rating prompt, ignore its failure and close the modal', async ({
    page,
    request,
    demo,
  }) => {
    const session = await demo('ID');
    const order = (await demoOrders(request, session)).get(OrderStatus.Settled)!;
    await installNativeWrapper(page, true);
    await page.goto(appUrl('/loanDetails', pageParams(session, order)));
    const rating = page.getByRole('dialog', { name: idID.ratingPrompt });
    await rating.getByRole('radio', { name: '4 bintang' }).click();
    const [sent] = await Promise.all([
      page.waitForRequest((request) => request.url().includes(endpointUrl('storeScore'))),
      rating.getByRole('button', { name: 'Kirim' }).click(),
    ]);
    expect(new URLSearchParams(sent.postData() ?? '').get('score')).toBe('4');
    await expect.poll(() => nativeCalls(page)).toContainEqual({ action: 'openStoreRating', payload: { score: 4 } });
    await expect(rating).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test('a loan details response with success false shows nothing', async ({ page, demo }) => {
  const session = await demo('IN');
  // another borrower's order id: the server refuses it
  await page.goto(appUrl('/loanDetails', pageParams(session, { orderId: '999999', productId: session.productId })));
  await expect(page.getByRole('heading', { level: 1, name: 'Loan details' })).toBeVisible();
  await expect(page.getByRole('main')).toBeEmpty();
  await expect(page.locator('.toast')).toHaveCount(0);
});
