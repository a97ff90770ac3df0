/**
 * What a borrower may pay with, per market: the banks a card may be bound from, the banks that
 * issue virtual accounts with the ways to pay them (ATM, mobile banking, internet banking), and
 * the mini markets that take payment codes. Codes are the gateway's; names are shown as they are.
 */
import { Market } from '@kilat/contract';

export interface CardBank {
  bankCode: string;
  bankName: string;
}

/** A way to pay a virtual account at a bank (spec §3 bank option's method list). */
export type BankMethodCode = 'ATM' | 'MBANKING' | 'IBANKING';

export interface VirtualAccountBank {
  payCode: string;
  bankName: string;
  methods: readonly BankMethodCode[];
}

export interface MiniMarket {
  payCode: string;
  name: string;
}

export const cardBanks: Record<Market, readonly CardBank[]> = {
  [Market.India]: [
    { bankCode: 'SBIN', bankName: 'State Bank of India' },
    { bankCode: 'HDFC', bankName: 'HDFC Bank' },
    { bankCode: 'ICIC', bankName: 'ICICI Bank' },
    { bankCode: 'UTIB', bankName: 'Axis Bank' },
    { bankCode: 'KKBK', bankName: 'Kotak Mahindra Bank' },
  ],
  [Market.Indonesia]: [
    { bankCode: 'BCA', bankName: 'Bank Central Asia (BCA)' },
    { bankCode: 'BNI', bankName: 'Bank Negara Indonesia (BNI)' },
    { bankCode: 'BRI', bankName: 'Bank Rakyat Indonesia (BRI)' },
    { bankCode: 'MANDIRI', bankName: 'Bank Mandiri' },
    { bankCode: 'PERMATA', bankName: 'Bank Permata' },
  ],
};

/** Virtual accounts are the Indonesian repay (spec §2 /that); India pays by card or the hosted checkout. */
export const virtualAccountBanks: Record<Market, readonly VirtualAccountBank[]> = {
  [Market.India]: [],
  [Market.Indonesia]: [
    { payCode: 'BCA', bankName: 'BCA', methods: ['ATM', 'MBANKING', 'IBANKING'] },
    { payCode: 'BNI', bankName: 'BNI', methods: ['ATM', 'MBANKING', 'IBANKING'] },
    { payCode: 'BRI', bankName: 'BRI', methods: ['ATM', 'MBANKING'] },
    { payCode: 'MANDIRI', bankName: 'Mandiri', methods: ['ATM', 'MBANKING', 'IBANKING'] },
    { payCode: 'PERMATA', bankName: 'Permata', methods: ['ATM', 'MBANKING'] },
  ],
};

export const miniMarkets: Record<Market, readonly MiniMarket[]> = {
  [Market.India]: [],
  [Market.Indonesia]: [
    { payCode: 'ALFAMART', name: 'Alfamart' },
    { payCode: 'INDOMARET', name: 'Indomaret' },
  ],
};

export const findCardBank = (market: Market, bankCode: string): CardBank | undefined =>
  cardBanks[market].find((bank) => bank.bankCode === bankCode);
export const findVirtualAccountBank = (market: Market, payCode: string): VirtualAccountBank | undefined =>
  virtualAccountBanks[market].find((bank) => bank.payCode === payCode);
export const findMiniMarket = (market: Market, payCode: string): MiniMarket | undefined =>
  miniMarkets[market].find((shop) => shop.payCode === payCode);
