/** Brand and art (issue 14, item 14; decision 085): logos, banners and empty states load, sized and accessible, in both packs. */
import { OrderStatus } from '@kilat/contract';
import type { Locator, Page } from '@playwright/test';
import { appUrl, expect, expectAccessible, sessionParams, test } from '../fixtures.js';
import { demoOrders, pageParams } from './loan-orders.js';
import { freshBorrower } from './repayment-helpers.js';

const packs = {
  IN: { isNeedPop: 1, noComplaints: 'No complaints here.' },
  ID: { isNeedPop: 0, noComplaints: 'Belum ada pengaduan.' },
} as const;

/** Brings the image into view (lazy ones load only then) and waits until the browser has decoded it. */
async function expectLoaded(image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
}

const logos = (page: Page) => page.getByRole('main').locator('img[src^="/logos/"]');

for (const market of ['IN', 'ID'] as const) {
  test.describe(`art in the ${market} pack`, () => {
    test('every product on the recommended list shows its own logo, sized, the ones further down lazy', async ({ page, demo }) => {
      const session = await demo(market);
      await page.goto(appUrl('/relevant', sessionParams(session)));
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      const images = logos(page);
      const count = await images.count();
      expect(count).toBe(await page.getByRole('heading', { level: 2 }).count());
      const sources = new Set<string | null>();
      for (let index = 0; index < count; index += 1) {
        const image = images.nth(index);
        await expect(image).toHaveAttribute('alt', '');
        await expect(image).toHaveAttribute('width', '40');
        await expect(image).toHaveAttribute('height', '40');
        await expect(image).toHaveAttribute('loading', index >= 2 ? 'lazy' : 'eager');
        await expectLoaded(image);
        sources.add(await image.getAttribute('src'));
      }
      expect(sources.size, 'each product has a logo of its own').toBe(count);
      await expect(page.getByTestId('logo-tile')).toHaveCount(0);
      await expectAccessible(page);
    });

    test("loan details show the product's logo and the recommended products' logos", async ({ page, request, demo }) => {
      const session = await demo(market);
      const order = (await demoOrders(request, session)).get(OrderStatus.Rejected)!;
      await page.goto(appUrl('/loanDetails', pageParams(session, order)));
      await expect(page.getByRole('heading', { level: 2, name: order.details.productName })).toBeVisible();
      const images = logos(page);
      // the product's own logo and one per recommended product
      await expect(images).toHaveCount(1 + order.details.recProducts.length);
      for (let index = 0; index < (await images.count()); index += 1) await expectLoaded(images.nth(index));
      await expect(page.getByTestId('logo-tile')).toHaveCount(0);
      await expectAccessible(page);
    });

    test('a logo that fails to load leaves a letter tile with the product initial', async ({ page, demo }) => {
      const session = await demo(market);
      await page.route('**/logos/**', (route) => route.fulfill({ status: 404, body: '' }));
      await page.goto(appUrl('/relevant', sessionParams(session)));
      const names = page.getByRole('main').getByRole('heading', { level: 2 });
      await expect(names.first()).toBeVisible();
      const initials = (await names.allTextContents()).map((name) => name.trim().charAt(0).toUpperCase());
      await expect(page.getByTestId('logo-tile')).toHaveText(initials);
      await expect(logos(page)).toHaveCount(0);
      await expectAccessible(page);
    });

    test("the official site's banners are pictures of their own, the first loaded at once and the next lazily", async ({ page }) => {
      await page.goto(appUrl('/', { isNeedPop: packs[market].isNeedPop }));
      const carousel = page.getByRole('region').filter({ has: page.locator('[aria-roledescription="slide"]') });
      const banners = carousel.locator('img');
      await expect(banners).toHaveCount(2);
      await expect(banners.nth(0)).toHaveAttribute('loading', 'eager');
      await expect(banners.nth(1)).toHaveAttribute('loading', 'lazy');
      for (const image of await banners.all()) {
        await expect(image).toHaveAttribute('src', /^\/banners\/[a-z-]+\.svg$/);
        await expect(image).toHaveAttribute('width', '390');
        await expect(image).toHaveAttribute('height', '180');
      }
      await expectLoaded(banners.nth(0));
      const box = await banners.nth(0).boundingBox();
      expect(box?.width).toBeGreaterThan(300);
      await expectAccessible(page);
    });

    test('an empty complaint list shows its illustration and says so', async ({ page, request }) => {
      const borrower = await freshBorrower(request, market);
      await page.goto(appUrl('/complaintList', sessionParams(borrower)));
      const empty = page.locator('.empty').filter({ hasText: packs[market].noComplaints });
      await expect(empty).toBeVisible();
      const art = empty.locator('img');
      await expect(art).toHaveAttribute('src', '/art/empty-list.svg');
      await expect(art).toHaveAttribute('alt', '');
      await expectLoaded(art);
      await expectAccessible(page);
    });
  });
}
