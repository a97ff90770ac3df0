/**
 * Issue 14, items 6–13: one formatter, one contact source, loan confirm, the 360 px action bars,
 * the smaller defects and the test page, tried in both packs as a new user would.
 */
import { OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { Locator, Page } from '@playwright/test';
import { appUrl, borrowerWithRoom, callAs, type DemoMarket, expect, expectAccessible, test } from '../fixtures.js';
import { pageParams } from './loan-orders.js';
import { openPayWay, orderIn, repaymentWay, ui } from './pay-way-helpers.js';
import { freshBorrower } from './repayment-helpers.js';

const texts = { IN: enIN, ID: idID } as const;

/** The value beside a label in a detail row. */
const rowValue = (scope: Page | Locator, label: string) => {
  const page = 'context' in scope ? scope : scope.page();
  return scope
    .locator('.detail-row')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
};

test.describe('one formatter per market (item 6)', () => {
  for (const [market, rate, amount] of [
    ['IN', /^\d+\.\d+% per day$/, /^₹[\d,]+\.\d{2}$/],
    ['ID', /^\d+,\d+% per hari$/, /^Rp\u00a0[\d.]+,\d{2}$/],
  ] as const) {
    test(`loan confirm writes rates with the market's decimal sign and amounts that cannot break (${market})`, async ({
      page,
      request,
    }) => {
      const session = await borrowerWithRoom(request, market);
      await page.goto(appUrl('/loanConfirm', pageParams(session, { orderId: '', productId: session.productId })));
      const t = texts[market];
      await expect(rowValue(page, t.interestRate)).toHaveText(rate);
      // the amount keeps a no-break space after Rp: it never wraps between currency and figure
      const total = await rowValue(page, t.loanTotalRepayment).first().textContent();
      expect(total).toMatch(amount);
      // a date value sits on one line
      const date = rowValue(page, t.repaymentDate);
      const box = (await date.boundingBox())!;
      const lineHeight = await date.evaluate((element) => Number.parseFloat(getComputedStyle(element).lineHeight));
      expect(box.height).toBeLessThan(lineHeight * 1.5);
    });
  }
});

test.describe('one source of contact details (item 7)', () => {
  for (const market of ['IN', 'ID'] as const) {
    test(`customer service, the official site's footer and the loan terms show the same phone and e-mail (${market})`, async ({
      page,
      request,
      demo,
    }) => {
      const session = await demo(market);
      const contact = await callAs<{ email: string; smWa: string }>(request, session, 'contactInfo', { overall: '30' });
      await page.goto(appUrl('/customerService', pageParams(session, session)));
      await expect(page.getByText(contact.smWa)).toBeVisible();

      await page.goto(appUrl('/', { isNeedPop: market === 'IN' ? 1 : 0 }));
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: contact.smWa })).toBeVisible();
      await expect(footer.getByRole('link', { name: contact.email })).toBeVisible();

      await page.goto(appUrl('/loanTerms', { isNeedPop: market === 'IN' ? 1 : 0 }));
      await expect(page.getByText(contact.smWa).first()).toBeVisible();
      await expect(page.getByText(contact.email).first()).toBeVisible();
    });
  }
});

test.describe('loan confirm (item 8)', () => {
  for (const market of ['IN', 'ID'] as const) {
    test(`lists amount, term and rate once, and each agreement on its own line (${market})`, async ({ page, request }) => {
      // India shows the loan agreement and the key fact statement; Indonesia the loan agreement
      const agreementCount = market === 'IN' ? 2 : 1;
      const session = await borrowerWithRoom(request, market);
      const t = texts[market];
      await page.goto(appUrl('/loanConfirm', pageParams(session, { orderId: '', productId: session.productId })));
      const offer = page.locator('section.panel').first();
      await expect(offer.getByText(t.loanAmount, { exact: true })).toHaveCount(1);
      await expect(offer.getByText(t.loanTerm, { exact: true })).toHaveCount(1);
      await expect(offer.getByText(t.interestRate, { exact: true })).toHaveCount(1);

      const agreements = page.getByRole('region', { name: market === 'IN' ? 'Agreements' : 'Perjanjian' }).getByRole('button');
      await expect(agreements).toHaveCount(agreementCount);
      const boxes = await Promise.all(Array.from({ length: agreementCount }, (_, n) => agreements.nth(n).boundingBox()));
      for (let n = 1; n < boxes.length; n += 1) expect(boxes[n]!.y).toBeGreaterThanOrEqual(boxes[n - 1]!.y + boxes[n - 1]!.height);
      await expectAccessible(page);
    });
  }

  test('shows India’s late penalty with its day ranges, from the lending rules', async ({ page, request }) => {
    const session = await borrowerWithRoom(request, 'IN');
    await page.goto(appUrl('/loanConfirm', pageParams(session, { orderId: '', productId: session.productId })));
    const keyFacts = page.getByRole('region', { name: enIN.loanKeyFactTitle });
    await expect(rowValue(keyFacts, enIN.loanPenalty)).toHaveText(
      /^₹[\d,]+\.00 once on the first overdue day, plus 5% a day for days 1–30, 4% a day for days 31–90, 2% a day from day 91$/,
    );
  });
});

test.describe('fixed action bars at 360 and 390 px (item 9)', () => {
  for (const width of [390, 360]) {
    test(`the installments footer is fixed to the bottom, inside the screen, and Pay now is off at zero (ID, ${width} px)`, async ({
      page,
      request,
      demo,
    }) => {
      await page.setViewportSize({ width, height: 640 });
      const session = await demo('ID');
      const order = session.orders.find((entry) => entry.status === OrderStatus.InstallmentPartlyPaid && entry.orderNo.includes('DEMO'))!;
      expect(order).toBeTruthy();
      await callAs(request, session, 'installmentPlan', { productId: order.productId, orderId: order.orderId });
      await page.goto(appUrl('/repay', pageParams(session, order)));
      const pay = page.getByRole('button', { name: 'Bayar sekarang' });
      await expect(pay).toBeDisabled();
      const bar = page.locator('.action-bar');
      await expect(bar).toHaveCSS('position', 'fixed');
      const barBox = (await bar.boundingBox())!;
      expect(barBox.y + barBox.height).toBeCloseTo(640, 0);
      const payBox = (await pay.boundingBox())!;
      // a margin on both sides: never touching the edge, never cut off
      expect(payBox.x).toBeGreaterThanOrEqual(8);
      expect(payBox.x + payBox.width).toBeLessThanOrEqual(width - 8);
      await page.getByRole('checkbox').first().check();
      await expect(pay).toBeEnabled();
    });
  }

  test('the pay-way action bar is fixed to the bottom (IN, 360 px)', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    const borrower = await freshBorrower(request, 'IN');
    const order = orderIn(borrower, OrderStatus.DueSoon);
    const way = await repaymentWay(request, borrower, order.orderId);
    await openPayWay(page, borrower, order, way.amount);
    const bar = page.locator('.action-bar');
    await expect(bar).toHaveCSS('position', 'fixed');
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(640, 0);
  });
});

test.describe('smaller defects (item 12)', () => {
  test('choosing the section already shown in the sticky nav scrolls to top', async ({ page }) => {
    await page.goto(appUrl('/Loan', { isNeedPop: 1 }));
    await expect(page.getByRole('heading', { level: 1, name: 'Loan Terms And Conditions' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('navigation').getByRole('link', { name: 'Loan Terms And Conditions' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a newly bound card is selected on return to pay-way', async ({ page, request }) => {
    const c = ui.IN;
    const borrower = await freshBorrower(request, 'IN');
    const order = orderIn(borrower, OrderStatus.DueSoon);
    const way = await repaymentWay(request, borrower, order.orderId);
    const { list: banks } = await callAs<{ list: { bankName: string }[] }>(request, borrower, 'bankList');
    await openPayWay(page, borrower, order, way.amount);
    await page.getByRole('link', { name: c.addCard }).click();
    await page.getByLabel(c.bank).selectOption({ label: banks[0]!.bankName });
    await page.getByLabel(c.cardNumber).fill('4000000000000077');
    await page.getByLabel(c.holderName).fill('Asha Rao');
    await page.getByRole('button', { name: c.save }).click();
    await expect(page).toHaveURL(/\/payway\?.*cardId=/);
    await expect(page.getByRole('radio', { name: /0077/ })).toBeChecked();
  });

  for (const market of ['IN', 'ID'] as const) {
    test(`one spelling of installments and sentence-case labels (${market})`, async ({ page, demo }) => {
      const session = await demo(market);
      const order = session.orders.find((entry) => entry.status === OrderStatus.InstallmentPartlyPaid && entry.orderNo.includes('DEMO'))!;
      await page.goto(appUrl('/repay', pageParams(session, order)));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(market === 'IN' ? 'Installment repayment' : 'Pembayaran cicilan');
      const settled = session.orders.find((entry) => entry.status === OrderStatus.Settled && entry.orderNo.includes('DEMO'))!;
      await page.goto(appUrl('/loanDetails', pageParams(session, settled)));
      await expect(page.getByRole('button', { name: texts[market].loanMore, exact: true })).toBeVisible();
    });
  }

  test('the Indonesian terms are titled "Syarat dan Ketentuan"', async ({ page }) => {
    await page.goto(appUrl('/loanTerms', { isNeedPop: 0 }));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Syarat dan Ketentuan/);
  });
});

test.describe('the test page (item 13)', () => {
  const device = (market: DemoMarket) => (market === 'IN' ? 'demo-device-in' : 'demo-device-id');

  test('speaks the chosen market’s language and switches the borrower with the market', async ({ page }) => {
    await page.goto(appUrl('/testPreview', { isNeedPop: 0 }));
    await expect(page.getByRole('heading', { level: 1, name: 'Pratinjau uji' })).toBeVisible();
    await expect(page.getByLabel('ID perangkat')).toHaveValue(device('ID'));
    // the page re-renders in the other pack: a click, then the English page
    await page.getByRole('radio', { name: 'India' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Test preview' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'India' })).toBeChecked();
    await expect(page.getByLabel('Device id')).toHaveValue(device('IN'));
    await expect(page.getByRole('link', { name: 'Order detail' })).toHaveAttribute('href', /isNeedPop=1/);
    await expectAccessible(page);
  });

  test('keeps the demo-order picker after Back, links every page a developer needs, and opens repay instructions with the amount owed', async ({
    page,
    request,
    demo,
  }) => {
    const session = await demo('ID');
    await page.goto(appUrl('/testPreview', { isNeedPop: 0 }));
    const picker = page.getByLabel('Pesanan demo (menurut status)');
    await expect(picker).toBeVisible();
    for (const name of [
      'Situs resmi',
      'Pengajuan Khusus',
      'Gagal masuk bersama',
      'Chatbot',
      'Daftar pengaduan',
      'Syarat dan ketentuan pinjaman',
      'Cara bayar (kartu bank)',
      'Pilih metode pembayaran',
      'Pembayaran pihak ketiga',
      'Pendaftaran promosi ID-FB-01',
    ]) {
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    }

    const due = session.orders.find((entry) => entry.status === OrderStatus.DueSoon && entry.orderNo.includes('DEMO'))!;
    await picker.selectOption(due.orderId);
    const details = await callAs<{ userOrderDetail: unknown }>(request, session, 'loanDetails', {
      productId: due.productId,
      orderId: due.orderId,
    });
    expect(details).toBeTruthy();
    const href = (await page.getByRole('link', { name: 'Petunjuk pembayaran' }).getAttribute('href'))!;
    const amount = Number(new URLSearchParams(href.slice(href.indexOf('?') + 1)).get('amount'));
    expect(amount).toBeGreaterThan(0);
    await expect(page.getByLabel('Jumlah tagihan (satuan terkecil)')).toHaveValue(String(amount));

    await page.getByRole('link', { name: 'Tentang kami' }).click();
    await expect(page).toHaveURL(/\/aboutUs\?/);
    await page.goBack();
    await expect(page.getByLabel('Pesanan demo (menurut status)')).toHaveValue(due.orderId);
  });
});
