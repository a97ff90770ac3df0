import { PayType } from '@kilat/contract';

export type PayTypeValue = (typeof PayType)[keyof typeof PayType];

/**
 * The saved repay choice (spec §3, local): the pay type, the bank or mini market (payCode), the
 * bank's way to pay (specificNum: ATM, mobile or internet banking; empty for a mini market) and
 * isDefault. The chooser (/individual) writes it; the virtual-account page (/that) reads it.
 */
export interface RepayChoice {
  payType: PayTypeValue;
  payCode: string;
  specificNum: string;
  isDefault: 0 | 1;
}

const REPAY_CHOICE_KEY = 'kilat.repay-choice';

const local = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

const isPayType = (value: unknown): value is PayTypeValue => value === PayType.Bank || value === PayType.MiniMarket;

/** Reads the saved choice back; anything missing, malformed or incomplete counts as no choice. */
export const readRepayChoice = (): RepayChoice | null => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(local()?.getItem(REPAY_CHOICE_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { payType, payCode, specificNum, isDefault } = parsed as Record<string, unknown>;
  if (!isPayType(payType) || typeof payCode !== 'string' || payCode === '' || typeof specificNum !== 'string') return null;
  return { payType, payCode, specificNum, isDefault: isDefault === 0 ? 0 : 1 };
};

export const saveRepayChoice = (choice: RepayChoice): void => {
  try {
    local()?.setItem(REPAY_CHOICE_KEY, JSON.stringify(choice));
  } catch {
    // storage blocked or full: /that finds no choice and sends the borrower back to the chooser
  }
};

/** Changing the pay type in the chooser clears the saved choice (spec §4). */
export const clearRepayChoice = (): void => {
  local()?.removeItem(REPAY_CHOICE_KEY);
};

/**
 * The query /that and /individual hand each other (spec §2: amount and display, with the order,
 * the product and the purpose): the page's own, never the session token.
 */
export const repayPageQuery = (search: string): string => {
  const params = new URLSearchParams(search);
  params.delete('sessionId');
  return params.toString();
};
