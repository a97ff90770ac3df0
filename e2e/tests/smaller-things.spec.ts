/**
 * Issue 30, item 9: the smaller things a borrower notices, each in the market where it was seen,
 * mostly at 360 px. (The header links, the greeting and Suci are in never-stuck.spec.ts; the failed
 * payment's details and the extension's new due date in after-paying.spec.ts; the single-payment
 * repay page in instalments-payable.spec.ts.)
 */
import { formatMoney, OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { Locator, Page } from '@playwright/test';
import applicationIN from '../../apps/web/src/features/application/texts/en-IN.js';
import applicationID from '../../apps/web/src/features/application/texts/id-ID.js';
import shellIN from '../../apps/web/src/shared/i18n/packs/en-IN.js';
import shellID from '../../apps/web/src/shared/i18n/packs/id-ID.js';
import { appUrl, callAs, expect, expectAccessible, test } from '../fixtures.js';
import { isNeedPop, logInOnPage } from './borrower-app-helpers.js';
import { demoOrders, pageParams } from './loan-orders.js';
import { detailOf } from './pay-way-helpers.js';
import { freshBorrower } from './repayment-helpers.js';

const packs = { IN: enIN, ID: idID } as const;
const shells = { IN: shellIN, ID: shellID } as const;
const NARROW = { width: 360, height: 640 };

/** The element's box lies inside the container's (1 px of rounding allowed). */
const expectInside = async (inner: Locator, outer: Locator) => {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  expect(a && b).toBeTruthy();
  expect(a!.x).toBeGreaterThanOrEqual(b!.x - 1);
  expect(a!.x + a!.width).toBeLessThanOrEqual(b!.x + b!.width + 1);
};

/**
 * Every date written in the page keeps to one line — one line box each (a break at its hyphen makes
 * two) — at every phone width from 320 to 400 px, so some date of the running text meets a line's end.
 */
const expectDatesWhole = async (page: Page) => {
  for (let width = 320; width <= 400; width += 4) {
    await page.setViewportSize({ width, height: 640 });
    await expectDatesWholeNow(page, width);
  }
  await page.setViewportSize(NARROW);
};

const expectDatesWholeNow = async (page: Page, width: number) => {
  const dates = await page.evaluate(() => {
    const found: { text: string; lines: number }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\d{4}-\d{2}-\d{2}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index!);
        range.setEnd(node, match.index! + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (tops.size > 0) found.push({ text: match[0], lines: tops.size });
      }
    }
    return found;
  });
  expect(dates.length).toBeGreaterThan(0);
  for (const date of dates) expect(date, `${date.text} is broken over lines at ${width} px`).toMatchObject({ lines: 1 });
};

test.describe('item 9 at 360 px', () => {
  test.use({ viewport: NARROW });

  for (const [market, width] of [
    ['IN', 360],
    ['IN', 390],
    ['ID', 360],
  ] as const) {
    test(`a promotion's headline shows the whole amount range at ${width} px (${market})`, async ({ page }) => {
      await page.setViewportSize({ width, height: 640 });
      await page.goto(
        appUrl('/promotion', {
          isNeedPop: isNeedPop(market),
          app_from: 'kilat',
          user_from: 'facebook',
          utm_tag: 'issue-30',
          id: `${market}-FB-01`,
        }),
      );
      const max = market === 'IN' ? formatMoney(8_000_000, 'IN') : formatMoney(1_500_000_000, 'ID');
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toContainText(max);
      // drawn whole: nothing hidden behind an ellipsis
      expect(await heading.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await expectInside(heading, page.locator('header'));
    });
  }

  test('dates never break at their hyphens: the loan details notices and rows, and the repay page (ID)', async ({ page, request }) => {
    const borrower = await freshBorrower(request, 'ID');
    // the instalment loan's notices and rows carry dates in running text
    const order = borrower.orders.find((entry) => entry.status === OrderStatus.InstallmentPartlyPaid)!;
    await page.goto(appUrl('/loanDetails', pageParams(borrower, order)));
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectDatesWhole(page);
    await page.goto(appUrl('/repay', pageParams(borrower, order)));
    await expect(page.getByRole('button', { name: 'Bayar sekarang' })).toBeVisible();
    await expectDatesWhole(page);
  });

  test('the virtual-account number is shown whole and the bill number stays in its card (ID)', async ({ page, request }) => {
    const borrower = await freshBorrower(request, 'ID');
    const order = borrower.orders.find((entry) => entry.status === OrderStatus.DueSoon)!;
    // the method chooser first, as a first-time borrower meets it
    await page.goto(appUrl('/that', { ...pageParams(borrower, order), amount: 10000, display: 1, purpose: 'repay' }));
    await page.getByRole('radio', { name: 'Bank', exact: true }).check();
    await page.getByRole('radio', { name: 'BCA', exact: true }).check();
    await page.getByRole('radio', { name: 'ATM', exact: true }).check();
    await page.getByRole('button', { name: 'Simpan' }).click();
    const number = page.getByRole('textbox', { name: 'Nomor virtual account', exact: true });
    await expect(number).toHaveValue(/^\d{10,}$/);
    // the whole number fits its field: nothing scrolled out of sight
    expect(await number.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true);
    const card = page.locator('section.panel').first();
    await expectInside(number, card);
    const bill = detailOf(page, 'Nomor tagihan');
    await expect(bill).toHaveText(/^RP[A-Z2-7]{20}$/);
    await expectInside(bill, card);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
  });
});

test.describe('item 9: what India is offered and called', () => {
  test("India's chatbot answers how to repay with India's ways: no virtual account, no mini market (IN)", async ({ page, demo }) => {
    const session = await demo('IN');
    await page.goto(appUrl('/intelligentCustomerService', { ...pageParams(session, { orderId: '', productId: '' }) }));
    await page.getByRole('navigation').getByRole('button', { name: 'Repay', exact: true }).click();
    await page.getByRole('log').getByRole('button', { name: 'How do I repay my loan?', exact: true }).last().click();
    const answer = page.getByText('Open Loan details and tap Repay.', { exact: false });
    await expect(answer).toBeVisible();
    await expect(answer).toContainText('bank card');
    await expect(page.getByRole('log')).not.toContainText(/virtual account|mini market/i);
  });
});

test.describe('item 9: city search', () => {
  const searches = {
    IN: { typed: ['Bangalore', 'Bombay', 'Gurgaon'], found: ['Bengaluru', 'Mumbai', 'Gurugram'], texts: applicationIN },
    ID: { typed: ['jogja'], found: ['Yogyakarta'], texts: applicationID },
  } as const;

  for (const market of ['IN', 'ID'] as const) {
    test(`finds a city by the name borrowers use, and offers 'other city' (${market})`, async ({ page, request }) => {
      const { typed, found, texts } = searches[market];
      const borrower = (await (await request.get(`/dev/session?market=${market}&fresh=1`)).json()) as {
        phone: string;
        productId: string;
      };
      await page.goto(appUrl('/login', { isNeedPop: isNeedPop(market) }));
      await logInOnPage(page, request, market, borrower.phone);
      // signed in (main shows) before the next address: a navigation now would abort the sign-in
      await expect(page).toHaveURL(/\/main$/);
      await page.goto(appUrl('/application', { productId: borrower.productId, isNeedPop: isNeedPop(market) }));
      const search = page.getByLabel(texts.citySearch);
      const cities = page.getByRole('list', { name: texts.cityResults });
      for (const [index, name] of typed.entries()) {
        await search.fill(name);
        await expect(cities.getByRole('button', { name: found[index], exact: true })).toBeVisible();
      }
      // a town the list does not have: 'other city' is there to choose
      await search.fill('Zzyzx');
      await expect(page.getByText(texts.cityNone)).toBeVisible();
      await cities.getByRole('button', { name: texts.cityOther }).click();
      await expect(cities.getByRole('button', { name: texts.cityOther })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText(texts.cityChosen.replace('{city}', texts.cityOther))).toBeVisible();
      await expectAccessible(page);
    });
  }
});

test.describe('item 9: the key fact statement and the agreement say per day', () => {
  for (const market of ['IN', 'ID'] as const) {
    test(`the interest rate row reads '… per day' in both documents (${market})`, async ({ page, api, demo }) => {
      const session = await demo(market);
      const { list } = await api<{ list: { position: number }[] }>(session, 'contracts', { productId: session.productId, scene: '3' });
      // India's key fact statement (position 1) and the loan agreement
      expect(list.length).toBeGreaterThan(0);
      for (const { position } of list) {
        const { contract_url } = await api<{ contract_url: string }>(session, 'contractJump', {
          productId: session.productId,
          scene: '3',
          position: String(position),
        });
        await page.goto(contract_url);
        // India's agreement holds its key fact statement too (issue 48): every interest rate row says per day
        const rows = page.getByRole('row', { name: new RegExp(`^${packs[market].interestRate}`) });
        await expect(rows.first()).toBeVisible();
        for (const row of await rows.all()) {
          await expect(row.getByRole('cell')).toHaveText(new RegExp(`%\\s${market === 'IN' ? 'per day' : 'per hari'}$`));
        }
      }
    });
  }
});

test.describe("item 9: another borrower's order says it is not theirs", () => {
  for (const market of ['IN', 'ID'] as const) {
    test(`loan details and the repay page of another borrower's order say 'not your loan' in the borrower's language (${market})`, async ({
      page,
      request,
      demo,
    }) => {
      const someoneElse = await freshBorrower(request, market);
      const foreign = someoneElse.orders.find((entry) => entry.status === OrderStatus.DueSoon)!;
      const session = await demo(market);
      for (const path of ['/loanDetails', '/repay']) {
        await page.goto(appUrl(path, pageParams(session, foreign)));
        const alert = page.getByRole('main').getByRole('alert');
        await expect(alert).toContainText(shells[market].notYourLoan);
        await alert.getByRole('link', { name: shells[market].myLoansLink }).click();
        await expect(page).toHaveURL(/\/order(\?|$)/);
      }
    });
  }
});

test.describe('item 9: the status image and the rating dialog of loan details', () => {
  test('a disbursed (170) and a closed-early (4) loan do not show the under-review magnifier (IN)', async ({ page, request, demo }) => {
    const session = await demo('IN');
    const orders = await demoOrders(request, session);
    const imageOf = async (status: number) => {
      await page.goto(appUrl('/loanDetails', pageParams(session, orders.get(status)!)));
      const image = page.getByRole('main').locator('section').first().locator('img');
      await expect(image).toBeVisible();
      return image.getAttribute('src');
    };
    const review = await imageOf(OrderStatus.UnderReview);
    expect(await imageOf(OrderStatus.Disbursed)).not.toBe(review);
    // closed early is repaid: the same picture as 200
    expect(await imageOf(OrderStatus.ClosedEarly)).toBe(await imageOf(OrderStatus.Settled));
  });

  for (const market of ['IN', 'ID'] as const) {
    test(`the rating dialog cancelled once does not reopen on the next visit (${market})`, async ({ page, request }) => {
      const borrower = await freshBorrower(request, market);
      const order = borrower.orders.find((entry) => entry.status === OrderStatus.ClosedEarly)!;
      const details = await callAs<{ isScore: string }>(request, borrower, 'loanDetails', {
        orderId: order.orderId,
        productId: order.productId,
      });
      expect(details.isScore).toBe('1');
      await page.goto(appUrl('/loanDetails', pageParams(borrower, order)));
      const rating = page.getByRole('dialog', { name: packs[market].ratingPrompt });
      await expect(rating).toBeVisible();
      await rating.getByRole('button', { name: packs[market].cancel }).click();
      await expect(rating).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      // the dialog would open as the page loads; give it that moment and see it stays closed
      await expect(page.getByRole('button', { name: packs[market].loanMore })).toBeVisible();
      await expect(rating).toHaveCount(0);
    });
  }
});
