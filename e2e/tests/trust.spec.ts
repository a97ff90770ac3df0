/**
 * Trust (issue 49): who lends and whom to complain to on the key documents and the site, the
 * regulator's path with the days left on a complaint, and a person on WhatsApp from customer service
 * and from an error the borrower cannot get past — in both markets, at phone size, axe clean.
 */
import { DefaultCompanyContacts } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { appUrl, expect, expectAccessible, sessionParams, test } from '../fixtures.js';

const markets = [
  {
    market: 'IN',
    isNeedPop: 1,
    texts: enIN,
    lender: DefaultCompanyContacts.IN,
    words: {
      officer: 'Grievance redressal officer',
      whatsApp: 'Chat on WhatsApp',
      regulator: 'cms.rbi.org.in, helpline 14448',
      statement: 'Loan statement',
      download: 'Download the statement',
    },
    daysLeft: /^30 days left for us to resolve your complaint \(by \d{4}-\d{2}-\d{2}\)\.$/,
  },
  {
    market: 'ID',
    isNeedPop: 0,
    texts: idID,
    lender: DefaultCompanyContacts.ID,
    words: {
      officer: 'Layanan pengaduan konsumen',
      whatsApp: 'Chat lewat WhatsApp',
      regulator: 'LAPS SJK (lapssjk.id)',
      statement: 'Rekening koran pinjaman',
      download: 'Unduh rekening koran',
    },
    daysLeft: /^Sisa 1\d hari bagi kami untuk menjawab pengaduan Anda \(paling lambat \d{4}-\d{2}-\d{2}\)\.$/,
  },
] as const;

const digits = (phone: string) => phone.replace(/\D/g, '');

for (const { market, isNeedPop, texts, lender, words, daysLeft } of markets) {
  test.describe(`trust and a person to talk to (${market})`, () => {
    test('the agreement names the lender, its registration and the grievance contact with the way to the regulator', async ({
      page,
      demo,
      api,
    }) => {
      const session = await demo(market);
      const { contract_url } = await api<{ contract_url: string }>(session, 'contractJump', {
        productId: session.productId,
        scene: '3',
        position: '0',
      });
      await page.goto(contract_url);
      await expect(page.getByRole('cell', { name: lender.registration, exact: true })).toBeVisible();
      await expect(page.getByText(new RegExp(`${lender.name} \\(`)).first()).toBeVisible();
      await expect(page.getByRole('cell', { name: lender.grievance.email })).toBeVisible();
      await expect(page.getByText(texts.grievanceEscalation)).toBeVisible();
      await expectAccessible(page);
    });

    test("the official site's footer names the lender's registration and grievance contact", async ({ page }) => {
      await page.goto(appUrl('/', { isNeedPop }));
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByText(lender.registration)).toBeVisible();
      await expect(footer.getByRole('link', { name: lender.grievance.email })).toBeVisible();
      await expect(footer.getByText(texts.grievanceEscalation)).toBeVisible();
      await expectAccessible(page);
    });

    test('customer service shows the grievance contact and a WhatsApp link with the order number and its hours', async ({ page, demo }) => {
      const session = await demo(market);
      const orderNo = session.orders[0]!.orderNo;
      await page.goto(appUrl('/customerService', { ...sessionParams(session), orderNo }));
      await expect(page.getByRole('heading', { name: words.officer })).toBeVisible();
      await expect(page.getByText(lender.grievance.name)).toBeVisible();
      const whatsApp = page.getByRole('link', { name: words.whatsApp });
      const href = new URL((await whatsApp.getAttribute('href')) ?? '');
      expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/${digits(lender.phone)}`);
      expect(href.searchParams.get('text')).toContain(orderNo);
      await expect(
        page.getByText(market === 'IN' ? /Answered from 09:00 to 19:00 IST/ : /Dijawab pukul 08:00 sampai 20:00 WIB/),
      ).toBeVisible();
      await expectAccessible(page);
    });

    test("a complaint shows the days left and the regulator's path; another borrower's shows the way to a person", async ({
      page,
      demo,
      api,
    }) => {
      const session = await demo(market);
      const { problemId } = await api<{ problemId: number }>(session, 'problemSave', {
        problemType: '2',
        problemDetail: 'My repayment is not shown',
        orderNo: session.orders[0]!.orderNo,
      });
      await page.goto(appUrl('/complainDetails', { ...sessionParams(session), problemId }));
      await expect(page.getByText(daysLeft)).toBeVisible();
      await expect(page.getByText(texts.grievanceEscalation)).toBeVisible();
      await expect(page.getByText(words.regulator)).toHaveCount(1);
      await expect(page.getByRole('link', { name: words.whatsApp })).toBeVisible();
      await expectAccessible(page);

      // an error the borrower cannot get past: the complaint is another borrower's
      const other = await demo(market === 'IN' ? 'ID' : 'IN');
      await page.goto(appUrl('/complainDetails', { ...sessionParams(other), problemId }));
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(
        page.getByRole('alert').getByRole('link', { name: market === 'IN' ? 'Chat lewat WhatsApp' : 'Chat on WhatsApp' }),
      ).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=/);
      await expectAccessible(page);
    });

    test("a repaid loan's statement lists its postings and downloads them, from My loans; another borrower's is refused", async ({
      page,
      demo,
    }) => {
      const session = await demo(market);
      const settled = session.orders.find((order) => order.status === 200)!;
      await page.goto(appUrl('/order', sessionParams(session)));
      const link = page.getByRole('link', { name: words.statement }).first();
      await expect(link).toBeVisible();
      await page.goto(appUrl('/loanStatement', { ...sessionParams(session), productId: settled.productId, orderId: settled.orderId }));
      await expect(page.getByRole('heading', { level: 1, name: words.statement })).toBeVisible();
      await expect(page.getByRole('cell', { name: texts.statement_disbursement })).toBeVisible();
      await expect(page.getByRole('cell', { name: texts.statement_repayment }).first()).toBeVisible();
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: words.download }).click();
      expect((await download).suggestedFilename()).toBe(`kilat-statement-${settled.orderNo}.csv`);
      await expectAccessible(page);

      const other = await demo(market === 'IN' ? 'ID' : 'IN');
      await page.goto(appUrl('/loanStatement', { ...sessionParams(other), productId: settled.productId, orderId: settled.orderId }));
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(page.getByRole('cell')).toHaveCount(0);
    });
  });
}
