/**
 * Where an Indonesian loan can be sent (issue 28): Xendit Payouts v2's channel codes for the banks
 * and e-wallets Kilat offers, with the account-number shape of each, so the borrower's page, the
 * accounts API and the payout adapter check one table (docs/decisions/126).
 *
 * Sources, Xendit's public documentation:
 * - channel codes: "Payout Channels", https://docs.xendit.co/bank-codes (Indonesia, for `/v2/payouts`),
 *   the list Xendit's Get Payout Channels endpoint (`GET /payouts_channels`) also answers;
 * - account lengths: "Indonesia" payout coverage, https://docsv2.xendit.co/docs/payouts-indonesia
 *   ("Account length limit": BCA 10 digits, BRI 13–17, BNI 7–11, MANDIRI 12–17, PERMATA 7–16; the
 *   BRI, MANDIRI and PERMATA ranges include their virtual accounts; a 14-digit BRI account is sent
 *   with an extra leading 0, i.e. 15 digits);
 * - e-wallets: the same page and the payout API (`channel_properties.account_number`: "Mobile numbers
 *   for E-Wallet accounts … standard format should use prefix 0, e.g. 081234567890",
 *   https://docs.xendit.co/apidocs/create-payout).
 * Xendit documents no length for the other banks: those take the general 6–20 digits here, and
 * Xendit's own answer (INVALID_DESTINATION) is the final word.
 */

export type DisbursalChannelKind = 'bank' | 'ewallet';

export interface DisbursalChannel {
  /** Xendit's `channel_code` */
  code: string;
  kind: DisbursalChannelKind;
  /** the name a borrower knows it by */
  name: string;
  /** digits of the account number (banks) or of the phone number with its leading 0 (e-wallets) */
  minDigits: number;
  maxDigits: number;
  /** true when the length is Xendit's documented one; false for the general range */
  lengthDocumented: boolean;
  /** every length a bank's account number may have (minDigits … maxDigits); empty for an e-wallet, whose phone decides */
  accountLengths: readonly number[];
}

const lengths = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, index) => min + index);

/** the general range of an Indonesian bank account number where Xendit documents none */
const ANY_BANK = { minDigits: 6, maxDigits: 20, lengthDocumented: false } as const;
/** an Indonesian mobile number written with its leading 0 (08…), 10 to 13 digits */
const PHONE = { minDigits: 10, maxDigits: 13, lengthDocumented: true } as const;

const CHANNELS: readonly Omit<DisbursalChannel, 'accountLengths'>[] = [
  { code: 'ID_BCA', kind: 'bank', name: 'BCA', minDigits: 10, maxDigits: 10, lengthDocumented: true },
  { code: 'ID_BRI', kind: 'bank', name: 'BRI', minDigits: 13, maxDigits: 17, lengthDocumented: true },
  { code: 'ID_BNI', kind: 'bank', name: 'BNI', minDigits: 7, maxDigits: 11, lengthDocumented: true },
  { code: 'ID_MANDIRI', kind: 'bank', name: 'Mandiri', minDigits: 12, maxDigits: 17, lengthDocumented: true },
  { code: 'ID_PERMATA', kind: 'bank', name: 'Permata', minDigits: 7, maxDigits: 16, lengthDocumented: true },
  { code: 'ID_BSI', kind: 'bank', name: 'BSI (Bank Syariah Indonesia)', ...ANY_BANK },
  { code: 'ID_CIMB', kind: 'bank', name: 'CIMB Niaga', ...ANY_BANK },
  { code: 'ID_DANAMON', kind: 'bank', name: 'Danamon', ...ANY_BANK },
  { code: 'ID_OVO', kind: 'ewallet', name: 'OVO', ...PHONE },
  { code: 'ID_DANA', kind: 'ewallet', name: 'DANA', ...PHONE },
  { code: 'ID_GOPAY', kind: 'ewallet', name: 'GoPay', ...PHONE },
  { code: 'ID_SHOPEEPAY', kind: 'ewallet', name: 'ShopeePay', ...PHONE },
  { code: 'ID_LINKAJA', kind: 'ewallet', name: 'LinkAja', ...PHONE },
];

export const IndonesiaDisbursalChannels: readonly DisbursalChannel[] = CHANNELS.map((channel) => ({
  ...channel,
  accountLengths: channel.kind === 'bank' ? lengths(channel.minDigits, channel.maxDigits) : [],
}));
/** the same table under the name the accounts branch first gave it */
export const IndonesianDisbursalChannels = IndonesiaDisbursalChannels;

export const disbursalChannel = (code: string): DisbursalChannel | undefined =>
  IndonesiaDisbursalChannels.find((channel) => channel.code === code);

/**
 * Why an account number (bank) or phone (e-wallet) does not fit its channel, or null when it does:
 * 'unknown_channel', 'not_digits' (anything but 0–9 after spaces and dashes are taken out),
 * 'length' (outside the channel's digits), 'not_mobile' (an e-wallet number not starting 08).
 */
export const disbursalNumberProblem = (code: string, number: string): 'unknown_channel' | 'not_digits' | 'length' | 'not_mobile' | null => {
  const channel = disbursalChannel(code);
  if (!channel) return 'unknown_channel';
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return 'not_digits';
  if (digits.length < channel.minDigits || digits.length > channel.maxDigits) return 'length';
  if (channel.kind === 'ewallet' && !digits.startsWith('08')) return 'not_mobile';
  return null;
};
