import { describe, expect, it } from 'vitest';
import { isWalletPage, walletChoices, walletNameOf } from './wallet-rules';

describe('the e-wallet and QRIS page (issue 51)', () => {
  it('offers QRIS first, then the e-wallets Xendit charges, named as they write themselves', () => {
    expect(walletChoices.map((choice) => choice.channel)).toEqual(['QRIS', 'OVO', 'DANA', 'SHOPEEPAY', 'LINKAJA']);
    expect(walletNameOf('SHOPEEPAY')).toBe('ShopeePay');
  });

  it('opens only an https page of the wallet', () => {
    expect(isWalletPage('https://ewallet-mock-connector.xendit.co/v1/ewallet_connector/checkouts?token=x')).toBe(true);
    expect(isWalletPage('javascript:alert(1)')).toBe(false);
    expect(isWalletPage('')).toBe(false);
  });
});
