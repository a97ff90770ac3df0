/** Helpers of the card-flow browser tests (issue 5): opening pay-way, its texts, and what the borrower ends up owing. */
import { type Market, OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { APIRequestContext, Page } from '@playwright/test';
import bindCardIN from '../../apps/web/src/features/repayment/bind-card/texts/en-IN.js';
import bindCardID from '../../apps/web/src/features/repayment/bind-card/texts/id-ID.js';
import payWayIN from '../../apps/web/src/features/repayment/pay-way/texts/en-IN.js';
import payWayID from '../../apps/web/src/features/repayment/pay-way/texts/id-ID.js';
import checkoutIN from '../../apps/web/src/features/repayment/third-party-payment/texts/en-IN.js';
import checkoutID from '../../apps/web/src/features/repayment/third-party-payment/texts/id-ID.js';
import { appUrl, callAs, expect } from '../fixtures.js';
import { type LoanDetails, pageParams } from './loan-orders.js';
import type { FreshBorrower } from './repayment-helpers.js';

export interface RepaymentWay {
  alipay: number;
  repayToken: string;
  amount: number;
  bankCards: { id: string; bankName: string; cardNo: string; bankCode: string }[];
}

type PayWayTexts = typeof payWayIN;
type BindCardTexts = typeof bindCardIN;
type CheckoutTexts = typeof checkoutIN;

/** The words the tests look for, taken from the pages' own packs so a changed text cannot drift from them. */
const wordsOf = <T>(t: T, payWay: PayWayTexts, bindCard: BindCardTexts, checkout: CheckoutTexts, sandboxPay: string) => ({
  t,
  payWay: payWay.title,
  pay: payWay.pay,
  addCard: payWay.addCard,
  thirdParty: payWay.thirdParty,
  methodChooser: payWay.methodChooser,
  verify: payWay.verifyTitle,
  code: payWay.codeLabel,
  confirm: payWay.confirm,
  // what follows the number of the resend countdown ('{seconds} s')
  seconds: payWay.countdown.replace('{seconds}', ''),
  bindCard: bindCard.title,
  bank: bindCard.bank,
  cardNumber: bindCard.cardNumber,
  holderName: bindCard.holderName,
  save: bindCard.save,
  cardSaved: bindCard.cardSaved,
  chooseBank: bindCard.chooseBank,
  invalidCardNumber: bindCard.invalidCardNumber,
  enterHolderName: bindCard.enterHolderName,
  checkout: checkout.title,
  continue: checkout.continue,
  // the sandbox gateway's checkout page is the server's, not the web app's
  sandboxPay,
});

/** What the pages say, per market: the contract's texts and the pay-way, bind-card and checkout feature texts. */
export const ui = {
  IN: wordsOf(enIN, payWayIN, bindCardIN, checkoutIN, 'Pay'),
  ID: wordsOf(idID, payWayID, bindCardID, checkoutID, 'Bayar'),
};

/** Money as the pages show it: minor units divided by 100, two decimals, the market's locale (DESIGN §4). */
export const money = (minor: number, market: Market): string =>
  new Intl.NumberFormat(market === 'IN' ? 'en-IN' : 'id-ID', {
    style: 'currency',
    currency: market === 'IN' ? 'INR' : 'IDR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
    .format(minor / 100)
    .replace(/[\u00a0\u202f]/g, ' ');

/** The value of a definition-list row by its term. */
export const detailOf = (page: Page, term: string) => page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

export const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** The fresh borrower's order in a status (DESIGN §4). */
export function orderIn(borrower: FreshBorrower, status: number): { orderId: string; productId: string } {
  const order = borrower.orders.find((entry) => entry.status === status);
  expect(order, `the fresh borrower has an order in status ${status}`).toBeTruthy();
  return { orderId: order!.orderId, productId: order!.productId };
}

/** Everything owed on an order, and the borrower's cards, as repayment-way answers them. */
export const repaymentWay = (request: APIRequestContext, borrower: FreshBorrower, orderId: string) =>
  callAs<RepaymentWay>(request, borrower, 'repaymentWay', { orderId });

export const loanDetails = (request: APIRequestContext, borrower: FreshBorrower, order: { orderId: string; productId: string }) =>
  callAs<LoanDetails>(request, borrower, 'loanDetails', order);

/** Opens `/payway` as the installments page hands over to it (a path route since decision 168). */
export async function openPayWay(
  page: Page,
  borrower: FreshBorrower,
  order: { orderId: string; productId: string },
  amount: number,
  purpose: 'repay' | 'delay' = 'repay',
) {
  await page.goto(appUrl('/payway', { ...pageParams(borrower, order), withholdingAmount: amount, purpose }));
  await expect(page.getByRole('heading', { level: 1, name: ui[borrower.market].payWay })).toBeVisible();
}

/** The payment result screen's words (decision 050), per market. */
export const resultUi = {
  IN: {
    title: 'Payment result',
    paid: 'Payment successful',
    pending: 'Payment being confirmed',
    failed: 'Payment failed',
    receipt: 'Receipt',
    paidFor: 'Paid for',
    repay: 'Loan repayment',
    orderNo: 'Order number',
    remaining: 'Still owed on this loan',
    settled: 'Nothing: your loan is fully repaid',
    viewLoan: 'View my loan',
    payAgain: 'Pay again',
  },
  ID: {
    title: 'Hasil pembayaran',
    paid: 'Pembayaran berhasil',
    pending: 'Pembayaran sedang dikonfirmasi',
    failed: 'Pembayaran gagal',
    receipt: 'Bukti pembayaran',
    paidFor: 'Dibayar untuk',
    repay: 'Pelunasan pinjaman',
    orderNo: 'Nomor pesanan',
    remaining: 'Sisa tagihan pinjaman ini',
    settled: 'Tidak ada: pinjaman Anda sudah lunas',
    viewLoan: 'Lihat pinjaman saya',
    payAgain: 'Bayar lagi',
  },
} as const;

/** The result screen of a payment of the order, showing the outcome as its status heading. */
export async function expectPaymentResult(
  page: Page,
  market: Market,
  order: { orderId: string; productId: string },
  outcome: 'paid' | 'pending' | 'failed',
) {
  // the order's and the payment's ids, beside whatever device parameters the address carries
  const param = (name: string, value: string) => `(?=[^#]*[?&]${name}=${value}(&|$))`;
  await expect(page).toHaveURL(
    new RegExp(
      `#/payResult${param('productId', order.productId)}${param('orderId', order.orderId)}${param('paymentId', 'RP[A-Z2-7]{20}')}`,
    ),
  );
  await expect(page.getByRole('heading', { level: 1, name: resultUi[market].title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: resultUi[market][outcome] })).toBeVisible();
}

/** Lands on the payment's result screen, then on borrow detail for the order, which shows it settled (200) with its notice. */
export async function expectSettledOnBorrowDetail(
  page: Page,
  request: APIRequestContext,
  borrower: FreshBorrower,
  order: { orderId: string; productId: string },
) {
  await expectPaymentResult(page, borrower.market, order, 'paid');
  await expect(detailOf(page, resultUi[borrower.market].remaining)).toHaveText(resultUi[borrower.market].settled);
  await page.getByRole('link', { name: resultUi[borrower.market].viewLoan }).click();
  await expect(page).toHaveURL(new RegExp(`#/borrowDetail/\\?productId=${order.productId}&orderId=${order.orderId}(&|$)`));
  const details = await loanDetails(request, borrower, order);
  expect(details.orderStatus).toBe(OrderStatus.Settled);
  await expect(page.getByRole('heading', { level: 2, name: details.noticeStatusText })).toBeVisible();
}

/** A 6-digit code that is not the one sent. */
export const wrongCodeOf = (code: string): string => (code === '000000' ? '111111' : '000000');
