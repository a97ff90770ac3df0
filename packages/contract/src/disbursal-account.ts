/**
 * Where the money goes (issue 28): the format rules of a borrower's disbursal account, checked
 * as the borrower types (the page imports these) and again by the server before anything is sent
 * to a gateway or stored. India: a bank account (holder, 9–18 digits, IFSC; the bank is read from
 * the IFSC's first four letters) or a UPI ID (`handle@psp`). Indonesia: a bank of the payout
 * channel list with that bank's account-number length, or an e-wallet by its phone (the contract's
 * Indonesian phone rule). No zod here: the browser may import it.
 */
import { Market } from './common-params.js';
import { type DisbursalChannel, disbursalChannel, disbursalNumberProblem, IndonesiaDisbursalChannels } from './disbursal-channels.js';
import { parsePhone } from './phone.js';

export type DisbursalAccountKind = 'bank' | 'upi' | 'ewallet';

/** The kinds each market offers, in the order the page shows them. */
export const DisbursalKinds: Record<Market, readonly DisbursalAccountKind[]> = {
  [Market.India]: ['bank', 'upi'],
  [Market.Indonesia]: ['bank', 'ewallet'],
};

/** RBI's IFSC: four letters (the bank), a zero, six letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** NPCI's virtual payment address: a handle, `@`, the PSP's name. */
export const UPI_PATTERN = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z]{2,64}$/;
/** Indian bank account numbers run from 9 to 18 digits. */
export const INDIAN_ACCOUNT_PATTERN = /^\d{9,18}$/;
/** A person's name on an account: letters, spaces, dots, apostrophes and hyphens (as the application's name). */
const HOLDER_NAME = /^[\p{L}][\p{L} .'-]*$/u;

/** The main Indian banks by the first four letters of their IFSC (RBI's bank codes). */
export const IndianBanksByIfscPrefix: Readonly<Record<string, string>> = {
  SBIN: 'State Bank of India',
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  UTIB: 'Axis Bank',
  PUNB: 'Punjab National Bank',
  BARB: 'Bank of Baroda',
  CNRB: 'Canara Bank',
  UBIN: 'Union Bank of India',
  KKBK: 'Kotak Mahindra Bank',
  IDIB: 'Indian Bank',
  BKID: 'Bank of India',
  IOBA: 'Indian Overseas Bank',
  YESB: 'Yes Bank',
  INDB: 'IndusInd Bank',
  IDFB: 'IDFC First Bank',
  FDRL: 'Federal Bank',
  MAHB: 'Bank of Maharashtra',
  CBIN: 'Central Bank of India',
  UCBA: 'UCO Bank',
  PSIB: 'Punjab & Sind Bank',
  KARB: 'Karnataka Bank',
  KVBL: 'Karur Vysya Bank',
  SIBL: 'South Indian Bank',
  CIUB: 'City Union Bank',
  RATN: 'RBL Bank',
  AUBL: 'AU Small Finance Bank',
  BDBL: 'Bandhan Bank',
  DBSS: 'DBS Bank India',
  SCBL: 'Standard Chartered Bank',
  HSBC: 'HSBC',
  CITI: 'Citibank',
  PYTM: 'Paytm Payments Bank',
  AIRP: 'Airtel Payments Bank',
  IPOS: 'India Post Payments Bank',
};

/** Spaces and dashes a borrower types between groups of digits or letters. */
const SEPARATORS = /[\s\-\u00a0]/g;

export const normalizeIfsc = (typed: string): string => typed.replace(SEPARATORS, '').toUpperCase();
export const normalizeAccountNumber = (typed: string): string => typed.replace(SEPARATORS, '');
export const normalizeUpi = (typed: string): string => typed.trim();
export const normalizeHolderName = (typed: string): string => typed.trim().replace(/\s+/g, ' ');

export const isValidIfsc = (typed: string): boolean => IFSC_PATTERN.test(normalizeIfsc(typed));

/**
 * The bank an IFSC names, known from its first four letters as soon as they are typed: its name
 * when it is one of the main banks, null before four letters or for a bank not in the table.
 */
export const bankOfIfsc = (typed: string): string | null => {
  const prefix = normalizeIfsc(typed).slice(0, 4);
  if (!/^[A-Z]{4}$/.test(prefix)) return null;
  return IndianBanksByIfscPrefix[prefix] ?? null;
};

/** The name shown and stored for an Indian bank account: the table's name, or the IFSC's bank code for a bank not in it. */
export const indianBankName = (ifsc: string): string => bankOfIfsc(ifsc) ?? normalizeIfsc(ifsc).slice(0, 4);

/** The PSP of a UPI ID (`okhdfcbank` of `meera@okhdfcbank`). */
export const upiPspOf = (vpa: string): string => normalizeUpi(vpa).split('@')[1] ?? '';

export const disbursalChannelsOf = (kind: 'bank' | 'ewallet'): readonly DisbursalChannel[] =>
  IndonesiaDisbursalChannels.filter((channel) => channel.kind === kind);

/** Whether a number has the digits of its bank's account numbers (the channel table's, decision 126). */
export const fitsChannelLength = (channel: DisbursalChannel, accountNumber: string): boolean =>
  /^\d+$/.test(accountNumber) && accountNumber.length >= channel.minDigits && accountNumber.length <= channel.maxDigits;

/** "10", "13–17": the digits of a bank's account numbers as a message shows them, the same in both languages. */
export const lengthsText = (channel: DisbursalChannel): string =>
  channel.minDigits === channel.maxDigits ? String(channel.minDigits) : `${channel.minDigits}–${channel.maxDigits}`;

/** An Indonesian mobile as e-wallets and Xendit write it: its national number after a 0 (`081234567890`). */
const walletPhoneOf = (typed: string): string | null => {
  const e164 = parsePhone(typed, Market.Indonesia);
  return e164 === null ? null : `0${e164.slice(3)}`;
};

/** The last four characters of an account number, UPI ID's handle or phone: all that is shown or kept in the clear. */
export const lastFourOf = (value: string): string => {
  const local = value.includes('@') ? (value.split('@')[0] ?? '') : value;
  return local.slice(-4);
};

/** What the borrower typed, as the form and the wire carry it. */
export interface DisbursalAccountInput {
  kind: string;
  holderName: string;
  accountNumber?: string | undefined;
  ifsc?: string | undefined;
  vpa?: string | undefined;
  channelCode?: string | undefined;
  phone?: string | undefined;
}

/** A disbursal destination that passed the format rules, normalised (full numbers: only on the way to the gateway). */
export type CheckedDisbursalAccount =
  | { market: 'IN'; kind: 'bank'; holderName: string; accountNumber: string; ifsc: string; bankName: string }
  | { market: 'IN'; kind: 'upi'; holderName: string; vpa: string; bankName: string }
  | { market: 'ID'; kind: 'bank'; holderName: string; accountNumber: string; channelCode: string; bankName: string }
  | { market: 'ID'; kind: 'ewallet'; holderName: string; phone: string; channelCode: string; bankName: string };

/** Why a field was refused; each is a message of the contract's packs (and of the page's). */
export type DisbursalProblem =
  | 'disbursalKindInvalid'
  | 'disbursalHolderNameInvalid'
  | 'disbursalAccountNumberInvalid'
  | 'disbursalIfscInvalid'
  | 'disbursalUpiInvalid'
  | 'disbursalChannelInvalid'
  | 'disbursalAccountLength'
  | 'disbursalWalletPhoneInvalid';

export type DisbursalField = 'kind' | 'holderName' | 'accountNumber' | 'ifsc' | 'vpa' | 'channelCode' | 'phone';

export type DisbursalCheck =
  | { ok: true; account: CheckedDisbursalAccount }
  | {
      ok: false;
      field: DisbursalField;
      problem: DisbursalProblem;
      /** values of the message: the bank and the digits it takes, for a wrong-length number */
      values?: { bank: string; lengths: string };
    };

const refuse = (field: DisbursalField, problem: DisbursalProblem): DisbursalCheck => ({ ok: false, field, problem });

/**
 * The format check of issue 28: the first problem of a typed account in the order the page shows
 * the fields, or the account normalised (an e-wallet phone as `08…`, the form Xendit takes).
 */
export const checkDisbursalAccount = (market: Market, input: DisbursalAccountInput): DisbursalCheck => {
  if (!(DisbursalKinds[market] as readonly string[]).includes(input.kind)) return refuse('kind', 'disbursalKindInvalid');
  const holderName = normalizeHolderName(input.holderName ?? '');
  if (holderName.length < 2 || holderName.length > 60 || !HOLDER_NAME.test(holderName)) {
    return refuse('holderName', 'disbursalHolderNameInvalid');
  }
  if (market === Market.India) {
    if (input.kind === 'upi') {
      const vpa = normalizeUpi(input.vpa ?? '');
      if (!UPI_PATTERN.test(vpa)) return refuse('vpa', 'disbursalUpiInvalid');
      return { ok: true, account: { market, kind: 'upi', holderName, vpa, bankName: 'UPI' } };
    }
    const accountNumber = normalizeAccountNumber(input.accountNumber ?? '');
    if (!INDIAN_ACCOUNT_PATTERN.test(accountNumber)) return refuse('accountNumber', 'disbursalAccountNumberInvalid');
    const ifsc = normalizeIfsc(input.ifsc ?? '');
    if (!IFSC_PATTERN.test(ifsc)) return refuse('ifsc', 'disbursalIfscInvalid');
    return { ok: true, account: { market, kind: 'bank', holderName, accountNumber, ifsc, bankName: indianBankName(ifsc) } };
  }
  const kind = input.kind as 'bank' | 'ewallet';
  const channel = disbursalChannel(input.channelCode ?? '');
  if (!channel || channel.kind !== kind) return refuse('channelCode', 'disbursalChannelInvalid');
  if (kind === 'ewallet') {
    const phone = walletPhoneOf(input.phone ?? '');
    if (!phone || disbursalNumberProblem(channel.code, phone)) return refuse('phone', 'disbursalWalletPhoneInvalid');
    return { ok: true, account: { market, kind, holderName, phone, channelCode: channel.code, bankName: channel.name } };
  }
  const accountNumber = normalizeAccountNumber(input.accountNumber ?? '');
  if (!fitsChannelLength(channel, accountNumber)) {
    return {
      ok: false,
      field: 'accountNumber',
      problem: 'disbursalAccountLength',
      values: { bank: channel.name, lengths: lengthsText(channel) },
    };
  }
  return { ok: true, account: { market, kind, holderName, accountNumber, channelCode: channel.code, bankName: channel.name } };
};
