import type { WalletChannel } from '@kilat/contract/schemas';

/** The ways to pay the page offers, QRIS first (any bank or wallet app scans it), each named as it writes itself. */
export const walletChoices: readonly { channel: WalletChannel; name: string }[] = [
  { channel: 'QRIS', name: 'QRIS' },
  { channel: 'OVO', name: 'OVO' },
  { channel: 'DANA', name: 'DANA' },
  { channel: 'SHOPEEPAY', name: 'ShopeePay' },
  { channel: 'LINKAJA', name: 'LinkAja' },
];

export const walletNameOf = (channel: WalletChannel): string => walletChoices.find((choice) => choice.channel === channel)?.name ?? channel;

/** Only an https page of the wallet is ever opened (never another scheme an answer might carry). */
export const isWalletPage = (url: string): boolean => /^https:\/\//.test(url);
