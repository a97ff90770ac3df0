/** The repayment code SMS in the borrower's language; the code comes first, so it is the first 6-digit run of the text. */
import { interpolate, Market } from '@kilat/contract';

const repaymentCodeTexts: Record<Market, string> = {
  [Market.India]:
    'Your Kilat repayment code is {code}. It confirms a payment of {amount} and expires in {minutes} minutes. Do not share it with anyone.',
  [Market.Indonesia]:
    'Kode pembayaran Kilat Anda: {code}. Kode ini mengonfirmasi pembayaran {amount} dan berlaku {minutes} menit. Jangan berikan kode ini kepada siapa pun.',
};

export const repaymentCodeSms = (market: Market, values: { code: string; amount: string; minutes: number }): string =>
  interpolate(repaymentCodeTexts[market], values);
