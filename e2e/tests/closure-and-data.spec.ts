/**
 * Issue 49, closure and "what Kilat keeps about you" (decisions 224, 225): after repaying, the SMS
 * links the closure letter, whose page opens the letter naming the lender and saying nothing is
 * owed; the data page from settings lists what is kept and downloads the borrower's own data — in
 * both markets, at phone size, axe clean.
 */

import { readFile } from 'node:fs/promises';
import { DefaultCompanyContacts } from '@kilat/contract';
import { appUrl, type DemoMarket, expect, expectAccessible, sessionParams, test } from '../fixtures.js';
import { type FreshBorrower, repayInFull } from './repayment-helpers.js';

const markets = [
  {
    market: 'IN',
    words: {
      closure: 'Loan closure letter',
      link: 'Loan closure letter',
      open: 'Open the closure letter',
      nothingOwed: 'Nothing is owed on it: this is your no-dues certificate.',
      settings: 'Settings',
      myData: 'What Kilat keeps about you',
      download: 'Download my data',
    },
  },
  {
    market: 'ID',
    words: {
      closure: 'Surat keterangan penutupan pinjaman',
      link: 'Surat keterangan penutupan',
      open: 'Buka surat keterangan penutupan',
      nothingOwed: 'Tidak ada lagi kewajiban atasnya: ini surat keterangan lunas Anda.',
      settings: 'Pengaturan',
      myData: 'Data yang disimpan Kilat tentang Anda',
      download: 'Unduh data saya',
    },
  },
] as const;

for (const { market, words } of markets) {
  test.describe(`closure letter and your data (${market})`, () => {
    test('repaying a loan sends the closure letter’s link by SMS; its page opens the letter naming the lender', async ({
      page,
      request,
    }) => {
      const response = await request.get(`/dev/session?market=${market}&fresh=due`);
      expect(response.ok()).toBe(true);
      const borrower = (await response.json()) as FreshBorrower;
      const order = borrower.orders[0]!;
      await repayInFull(request, borrower, order, order.amountDueMinor);
      const closureSms = async () => {
        const inbox = await request.get(`/dev/sms?phone=${encodeURIComponent(borrower.phone)}`);
        const { data } = (await inbox.json()) as { data: { body: string }[] };
        return data.map((sms) => sms.body).find((body) => body.includes('/closureLetter?')) ?? '';
      };
      await expect.poll(closureSms).toContain(order.orderNo);
      const link = new URL((await closureSms()).match(/https?:\/\/\S+/)![0]);
      expect(Object.fromEntries(link.searchParams)).toEqual({ productId: order.productId, orderId: order.orderId });

      // My loans links the closed loan's letter too
      await page.goto(appUrl('/order', sessionParams(borrower)));
      await expect(page.getByRole('link', { name: words.link, exact: true })).toHaveAttribute(
        'href',
        new RegExp(`/closureLetter\\?.*orderId=${order.orderId}`),
      );
      await page.goto(appUrl(link.pathname, { ...sessionParams(borrower), productId: order.productId, orderId: order.orderId }));
      await expect(page.getByRole('heading', { level: 1, name: words.closure })).toBeVisible();
      await expect(page.getByText(order.orderNo)).toBeVisible();
      await expectAccessible(page);
      const letter = await page.getByRole('link', { name: words.open }).getAttribute('href');
      await page.goto(letter!);
      await expect(page.getByRole('heading', { level: 1, name: words.closure })).toBeVisible();
      await expect(page.getByText(words.nothingOwed)).toBeVisible();
      await expect(page.getByRole('cell', { name: DefaultCompanyContacts[market].registration, exact: true })).toBeVisible();
      await expect(page.getByRole('cell', { name: order.orderNo, exact: true })).toBeVisible();
      await expectAccessible(page);
    });

    test('the data page, from settings, lists what is kept and downloads the borrower’s own data', async ({ page, demo }) => {
      const session = await demo(market as DemoMarket);
      await page.goto(appUrl('/setting', sessionParams(session)));
      await page.getByRole('link', { name: words.myData }).click();
      await expect(page.getByRole('heading', { level: 1, name: words.myData })).toBeVisible();
      await expect(page.getByRole('heading', { level: 3 })).toHaveCount(4);
      await expectAccessible(page);
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: words.download }).click();
      const file = await (await download).path();
      const data = JSON.parse(await readFile(file, 'utf8')) as { orders: { orderNo: string }[]; profile: { market: string } };
      expect(data.profile.market).toBe(market);
      expect(data.orders.map((order) => order.orderNo).sort()).toEqual(session.orders.map((order) => order.orderNo).sort());
      expect(JSON.stringify(data)).not.toContain('numberSealed');
    });
  });
}
