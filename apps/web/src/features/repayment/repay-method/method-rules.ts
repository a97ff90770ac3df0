import { Limits, PayType } from '@kilat/contract';
import type { PayTypeValue, RepayChoice } from '../repay-choice';

/** A bank or mini market as init-pay-type lists it (spec §3 bank option). */
export interface PayOption {
  bankName: string;
  payCode: string;
  method: readonly { name: string; code: string }[];
}

/** What the chooser has selected: the type, the bank or mini market, and the bank's way to pay. */
export interface MethodSelection {
  payType: PayTypeValue | null;
  payCode: string;
  methodCode: string;
}

export const noSelection: MethodSelection = { payType: null, payCode: '', methodCode: '' };

/** The chooser opens on the saved choice, so 'change method' shows what is chosen now. */
export const selectionFrom = (choice: RepayChoice | null): MethodSelection =>
  choice ? { payType: choice.payType, payCode: choice.payCode, methodCode: choice.specificNum } : noSelection;

/** Changing the type clears the bank and the method (spec §4); the page also clears the saved choice. */
export const changePayType = (selection: MethodSelection, payType: PayTypeValue): MethodSelection =>
  selection.payType === payType ? selection : { payType, payCode: '', methodCode: '' };

/** Another bank has other ways to pay: choosing it clears the method. */
export const selectOption = (selection: MethodSelection, payCode: string): MethodSelection =>
  selection.payCode === payCode ? selection : { ...selection, payCode, methodCode: '' };

export const selectMethod = (selection: MethodSelection, methodCode: string): MethodSelection => ({ ...selection, methodCode });

/**
 * The choice to save, or null when it is incomplete (spec §5: a bank type needs a bank and its
 * method, a mini market needs a market), checked against what the server lists now.
 */
export const toRepayChoice = (selection: MethodSelection, options: readonly PayOption[] | undefined): RepayChoice | null => {
  if (selection.payType === null || !options) return null;
  const option = options.find((candidate) => candidate.payCode === selection.payCode);
  if (!option) return null;
  if (selection.payType === PayType.MiniMarket) {
    return { payType: PayType.MiniMarket, payCode: option.payCode, specificNum: '', isDefault: 1 };
  }
  const hasMethod = option.method.some((method) => method.code === selection.methodCode);
  // a bank that lists no ways to pay is paid without choosing one
  if (option.method.length > 0 && !hasMethod) return null;
  // isDefault is always 1: saving is the borrower choosing how they pay from now on; /that needs it anyway
  return { payType: PayType.Bank, payCode: option.payCode, specificNum: hasMethod ? selection.methodCode : '', isDefault: 1 };
};

/** The page's amount param: minor units as plain digits (spec §9); 0 when absent or not a number. */
export const amountParam = (text: string | null): number => (text && /^\d{1,13}$/.test(text) ? Number(text) : 0);

/**
 * A mini-market code takes at most Rp 5,000,000 (DESIGN §5). Above that the chooser steers to a
 * bank, or to a split: the mini-market code covers the limit and the rest stays owed. An
 * extension fee is paid whole, so for it only the bank is offered.
 */
export type MiniMarketAdvice = 'none' | 'bank-or-split' | 'bank-only';

export const miniMarketAdvice = (amountMinor: number, purpose: string | null): MiniMarketAdvice => {
  if (amountMinor <= Limits.miniMarketMaxMinor) return 'none';
  return purpose === 'delay' ? 'bank-only' : 'bank-or-split';
};
