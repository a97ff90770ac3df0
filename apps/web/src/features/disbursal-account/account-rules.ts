import {
  type DisbursalAccountInput,
  type DisbursalAccountKind,
  type DisbursalCheck,
  type DisbursalField,
  DisbursalKinds,
  disbursalChannel,
  disbursalChannelsOf,
  lengthsText,
  type Market,
} from '@kilat/contract';
import { digitsOnly } from '@/shared/input-masks';

/** What the form holds; each kind sends only its own fields. */
export interface AccountForm {
  kind: DisbursalAccountKind;
  holderName: string;
  accountNumber: string;
  ifsc: string;
  vpa: string;
  /** Indonesia: the bank's payout channel, and the e-wallet's, kept apart so switching kinds keeps each choice */
  bankChannel: string;
  walletChannel: string;
  phone: string;
  smsCode: string;
}

export const emptyForm = (market: Market, holderName: string): AccountForm => ({
  kind: DisbursalKinds[market][0] ?? 'bank',
  holderName,
  accountNumber: '',
  ifsc: '',
  vpa: '',
  bankChannel: disbursalChannelsOf('bank')[0]?.code ?? '',
  walletChannel: disbursalChannelsOf('ewallet')[0]?.code ?? '',
  phone: '',
  smsCode: '',
});

/** The fields the call takes for the chosen kind (the contract's check reads the same). */
export const accountInput = (market: Market, form: AccountForm): DisbursalAccountInput => {
  const { kind, holderName } = form;
  if (kind === 'upi') return { kind, holderName, vpa: form.vpa };
  if (kind === 'ewallet') return { kind, holderName, channelCode: form.walletChannel, phone: form.phone };
  return market === 'IN'
    ? { kind, holderName, accountNumber: form.accountNumber, ifsc: form.ifsc }
    : { kind, holderName, accountNumber: form.accountNumber, channelCode: form.bankChannel };
};

/** Account numbers are digits; 20 leaves room to type one too many and be told the length. */
export const limitAccountNumber = (typed: string): string => digitsOnly(typed).slice(0, 20);
/** An IFSC is 11 letters and digits, written in capitals. */
export const limitIfsc = (typed: string): string =>
  typed
    .replace(/[^a-zA-Z0-9]/g, '')
    .toUpperCase()
    .slice(0, 11);
export const limitSmsCode = (typed: string): string => digitsOnly(typed).slice(0, 6);

/** The expected length of the chosen Indonesian bank's numbers, for its hint: `{ bank: 'BCA', lengths: '10' }`. */
export const expectedLength = (channelCode: string): { bank: string; lengths: string } | null => {
  const channel = disbursalChannel(channelCode);
  return channel && channel.kind === 'bank' ? { bank: channel.name, lengths: lengthsText(channel) } : null;
};

/** Which input shows a refused field: the two Indonesian channel pickers share the wire's `channelCode`. */
export const fieldOfProblem = (
  check: DisbursalCheck,
  kind: DisbursalAccountKind,
): DisbursalField | 'bankChannel' | 'walletChannel' | null => {
  if (check.ok) return null;
  if (check.field === 'channelCode') return kind === 'ewallet' ? 'walletChannel' : 'bankChannel';
  return check.field;
};
