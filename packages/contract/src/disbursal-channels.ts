/**
 * Where Indonesian loans may be paid out (issue 28): the banks and e-wallets of Xendit's payout
 * channel list, each bank with the lengths its account numbers have. TEMPORARY list of the
 * accounts branch: the gateways helper owns this file and replaces it from Xendit's channel list.
 */
export type DisbursalChannelKind = 'bank' | 'ewallet';

export interface DisbursalChannel {
  /** Xendit's channel code (`ID_BCA`, `ID_OVO` …) */
  code: string;
  /** the name borrowers know it by */
  name: string;
  kind: DisbursalChannelKind;
  /** the lengths an account number of this bank has (e-wallets: the phone decides) */
  accountLengths: readonly number[];
}

export const IndonesianDisbursalChannels: readonly DisbursalChannel[] = [
  { code: 'ID_BCA', name: 'BCA', kind: 'bank', accountLengths: [10] },
  { code: 'ID_BRI', name: 'BRI', kind: 'bank', accountLengths: [15] },
  { code: 'ID_BNI', name: 'BNI', kind: 'bank', accountLengths: [10] },
  { code: 'ID_MANDIRI', name: 'Mandiri', kind: 'bank', accountLengths: [13] },
  { code: 'ID_PERMATA', name: 'Permata', kind: 'bank', accountLengths: [10] },
  { code: 'ID_BSI', name: 'BSI', kind: 'bank', accountLengths: [10] },
  { code: 'ID_CIMB', name: 'CIMB Niaga', kind: 'bank', accountLengths: [13, 14] },
  { code: 'ID_OVO', name: 'OVO', kind: 'ewallet', accountLengths: [] },
  { code: 'ID_DANA', name: 'DANA', kind: 'ewallet', accountLengths: [] },
  { code: 'ID_GOPAY', name: 'GoPay', kind: 'ewallet', accountLengths: [] },
  { code: 'ID_SHOPEEPAY', name: 'ShopeePay', kind: 'ewallet', accountLengths: [] },
];
