/**
 * Every route fits a 360 px phone without sideways scrolling (issue 14, item 9), in both markets.
 * Each page is saved as a screenshot under e2e/artifacts/screens/ (git-ignored), which CI keeps.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { Page } from '@playwright/test';
import { appUrl, type DemoMarket, type DemoSession, expect, test } from '../fixtures.js';
import { demoOrders, pageParams } from './loan-orders.js';
import { openPayWay, orderIn, repaymentWay, ui } from './pay-way-helpers.js';
import { freshBorrower } from './repayment-helpers.js';
import { expectToastOnTop } from './toast-on-top.js';

const SCREENS = fileURLToPath(new URL('../artifacts/screens/', import.meta.url));
mkdirSync(SCREENS, { recursive: true });

test.use({ viewport: { width: 360, height: 640 } });

const TEMPLATE: Record<DemoMarket, string> = { IN: 'IN-FB-01', ID: 'ID-FB-01' };

interface Route {
  name: string;
  /** the page address, from the demo borrower's session */
  path: (session: DemoSession) => string;
  /** the page shows another page in a frame: it has settled once the frame's heading shows */
  framed?: boolean;
}

const orderOf = (session: DemoSession, status: number) => {
  const order = session.orders.find((entry) => entry.status === status && entry.orderNo.includes('DEMO'));
  return order ?? { orderId: session.orderId, productId: session.productId };
};

const withSession =
  (path: string, status?: number, extra: Record<string, string> = {}) =>
  (session: DemoSession) =>
    appUrl(path, { ...pageParams(session, status === undefined ? session : orderOf(session, status)), ...extra });

const routes: Route[] = [
  { name: 'official-home', path: withSession('/') },
  ...['Policy', 'Loan', 'About', 'User', 'Contact'].map((section) => ({
    name: `official-${section}`,
    path: withSession(`/${section}`),
    framed: section === 'Policy',
  })),
  { name: 'privacy-policy', path: withSession('/privacyPolicy') },
  { name: 'test-preview', path: withSession('/testPreview') },
  { name: 'complaint-entry', path: withSession('/complaint') },
  { name: 'complaint-form', path: withSession('/complainPageNext', undefined, { problemType: '2', problemTypeName: 'Repayment' }) },
  { name: 'complaint-list', path: withSession('/complaintList') },
  { name: 'complaint-new', path: withSession('/complainNewPage') },
  { name: 'chatbot', path: withSession('/intelligentCustomerService') },
  { name: 'customer-service', path: withSession('/customerService') },
  { name: 'about-us', path: withSession('/aboutUs') },
  { name: 'loan-terms', path: withSession('/loanTerms') },
  { name: 'loan-confirm', path: withSession('/loanConfirm', undefined, { orderId: '' }) },
  { name: 'loan-details-due', path: withSession('/loanDetails', OrderStatus.DueSoon) },
  { name: 'loan-details-overdue', path: withSession('/loanDetails', OrderStatus.Overdue) },
  { name: 'loan-details-settled', path: withSession('/loanDetails', OrderStatus.Settled) },
  { name: 'loan-details-rejected', path: withSession('/loanDetails', OrderStatus.Rejected) },
  { name: 'borrow-detail', path: (session) => `/#/borrowDetail/?${new URLSearchParams(stringify(pageParams(session, session)))}` },
  { name: 'installments', path: withSession('/repay', OrderStatus.InstallmentPartlyPaid) },
  { name: 'extension', path: withSession('/repayDelay', OrderStatus.DueSoon) },
  { name: 'joint-login-failure', path: withSession('/jointLoginFailure') },
  { name: 'recommended', path: withSession('/relevant') },
  { name: 'virtual-account', path: withSession('/that', OrderStatus.DueSoon, { amount: '1500000', display: '1' }) },
  { name: 'method-chooser', path: withSession('/individual', OrderStatus.DueSoon, { amount: '1500000', display: '1' }) },
  {
    name: 'promotion',
    path: (session) => appUrl('/promotion', { isNeedPop: session.market === 'IN' ? 1 : 0, id: TEMPLATE[session.market] }),
  },
  {
    name: 'download-template',
    path: (session) =>
      `/#/downloadTemplate?${new URLSearchParams({ isNeedPop: session.market === 'IN' ? '1' : '0', id: TEMPLATE[session.market] })}`,
  },
  {
    name: 'agreement-template',
    path: (session) =>
      `/#/agreementTemplate?${new URLSearchParams({ isNeedPop: session.market === 'IN' ? '1' : '0', id: TEMPLATE[session.market], links_id: '0' })}`,
  },
  // a path route since decision 168
  {
    name: 'pay-way',
    path: (session) =>
      appUrl('/payway', {
        ...stringify(pageParams(session, orderOf(session, OrderStatus.DueSoon))),
        withholdingAmount: '',
        purpose: 'repay',
      }),
  },
  {
    name: 'bind-card',
    path: (session) => hashRoute('/addnormalcard', session, { couponMoney: '0', couponId: '', withholdingAmount: '', from: 'payway' }),
  },
  { name: 'third-party', path: (session) => hashRoute('/alipayrepayment', session, { withholdingAmount: '150000', from: 'payway' }) },
  // the borrower's own app in a phone browser (issue 17, decision 075)
  { name: 'login', path: (session) => appUrl('/login', { isNeedPop: session.market === 'IN' ? 1 : 0 }) },
  { name: 'main', path: withSession('/main') },
  { name: 'order', path: withSession('/order') },
  { name: 'product-detail', path: withSession('/productDetail') },
  { name: 'application', path: withSession('/application') },
  // where the money goes, before loan confirm (issue 28)
  { name: 'disbursal-account', path: withSession('/disbursalAccount') },
  // who the borrower is, before loan confirm (issue 29)
  { name: 'identity', path: withSession('/identity') },
  { name: 'setting', path: withSession('/setting') },
  { name: 'messages', path: withSession('/messages') },
];

function stringify(params: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
}

function hashRoute(path: string, session: DemoSession, extra: Record<string, string>): string {
  return `/#${path}?${new URLSearchParams({ ...stringify(pageParams(session, orderOf(session, OrderStatus.DueSoon))), ...extra })}`;
}

/** How far the page reaches beyond the viewport, with the elements that stick out, for the failure message. */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const inScroller = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden') return true;
      }
      return false;
    };
    const out = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5 && !inScroller(element))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
    return { scrollWidth: document.documentElement.scrollWidth, width, out };
  });

for (const market of ['IN', 'ID'] as const) {
  test.describe(`every route at 360×640 (${market})`, () => {
    for (const route of routes) {
      test(`${route.name} fits 360 px without sideways scrolling`, async ({ page, demo }) => {
        const session = await demo(market);
        await page.goto(route.path(session));
        await expect(page.locator('h1').first()).toBeVisible();
        // the page has settled: its data has come and no spinner is left (Chromium's network-idle
        // signal may never come for a page with a frame, so a framed page waits for the frame's heading)
        if (route.framed) await expect(page.frameLocator('iframe').locator('h1').first()).toBeVisible();
        else await page.waitForLoadState('networkidle');
        await expect(page.locator('.spinner')).toHaveCount(0);
        await page.screenshot({ path: `${SCREENS}${market}-${route.name}.png`, fullPage: true });
        const { scrollWidth, width, out } = await sideways(page);
        expect(scrollWidth, `${route.name} (${market}) is wider than the screen: ${out.join('; ')}`).toBeLessThanOrEqual(width);
      });
    }
  });
}

// the dialogs with an error showing (issue 30, item 1): the toast is drawn above the dialog, not under it
for (const market of ['IN', 'ID'] as const) {
  test.describe(`dialogs with an error at 360×640 (${market})`, () => {
    test('the SMS verification dialog: a short code shows its toast on top', async ({ page, request }) => {
      const c = ui[market];
      const borrower = await freshBorrower(request, market);
      const order = orderIn(borrower, OrderStatus.DueSoon);
      const way = await repaymentWay(request, borrower, order.orderId);
      await openPayWay(page, borrower, order, way.amount);
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: c.pay }).click();
      const dialog = page.getByRole('dialog', { name: c.verify });
      await dialog.getByLabel(c.code).fill('123');
      await dialog.getByRole('button', { name: c.confirm }).click();
      await expectToastOnTop(page, c.t.enterCorrectVerificationCode);
      await page.screenshot({ path: `${SCREENS}${market}-verification-error.png` });
    });

    test('the loan details rating: Send with no star shows its toast on top', async ({ page, request, demo }) => {
      const texts = market === 'IN' ? enIN : idID;
      const session = await demo(market);
      const order = (await demoOrders(request, session)).get(OrderStatus.ClosedEarly)!;
      await page.goto(appUrl('/loanDetails', pageParams(session, order)));
      const rating = page.getByRole('dialog', { name: texts.ratingPrompt });
      await rating.getByRole('button', { name: market === 'IN' ? 'Submit' : 'Kirim' }).click();
      await expectToastOnTop(page, texts.pleaseChoose);
      await page.screenshot({ path: `${SCREENS}${market}-rating-error.png` });
    });
  });
}
