import { appUrl, callAs, expect, expectAccessible, test } from '../fixtures.js';
import { pageParams } from './loan-orders.js';

interface DelayOffer {
  delayShouldPayAmount: number;
  delayExpiryTime: string;
  orderDetail: { detail: { text: string; value: string }[] };
}

const cases = [
  { market: 'IN', title: 'Extension of repayment', fee: 'Extension fee', pay: 'Pay now', locale: 'en-IN', currency: 'INR' },
  { market: 'ID', title: 'Perpanjangan pembayaran', fee: 'Biaya perpanjangan', pay: 'Bayar sekarang', locale: 'id-ID', currency: 'IDR' },
] as const;

test.describe('extension (delay) repayment', () => {
  for (const c of cases) {
    test(`shows the extension fee, expiry time and order detail lines, and pay now hands over with the fee (${c.market})`, async ({
      page,
      request,
      demo,
    }) => {
      // the demo session names the borrower's order in its due window (174), which can be extended
      const session = await demo(c.market);
      const order = { orderId: session.orderId, productId: session.productId };
      const offer = await callAs<DelayOffer>(request, session, 'delayDetail', order);
      await page.goto(appUrl('/repayDelay', pageParams(session, order)));
      await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
      const fee = new Intl.NumberFormat(c.locale, { style: 'currency', currency: c.currency, minimumFractionDigits: 2 })
        .format(offer.delayShouldPayAmount / 100)
        .replace(/[\u00a0\u202f]/g, ' ');
      await expect(page.getByRole('heading', { level: 2, name: c.fee })).toBeVisible();
      await expect(page.getByText(fee, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(offer.delayExpiryTime)).toBeVisible();
      for (const row of offer.orderDetail.detail) {
        await expect(page.getByRole('term').getByText(row.text, { exact: true })).toBeVisible();
      }
      await expectAccessible(page);
      // every address the page passes through: /that may go on to the method chooser at once
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(frame.url());
      });
      await page.getByRole('button', { name: c.pay }).click();
      // the fee is paid as a delay payment: India on pay-way, Indonesia on the virtual-account page (decision 019)
      const handOver =
        c.market === 'IN'
          ? `/payway?orderId=${order.orderId}&productId=${order.productId}&withholdingAmount=${offer.delayShouldPayAmount}&purpose=delay`
          : `/that?orderId=${order.orderId}&productId=${order.productId}&amount=${offer.delayShouldPayAmount}&display=1&purpose=delay`;
      await expect.poll(() => visited.some((url) => url.endsWith(handOver))).toBe(true);
    });
  }
});
