/** Helpers of the repayment browser tests (issue 5): a fresh borrower, the SMS inbox, the sandbox's dev payment. */
import type { APIRequestContext } from '@playwright/test';
import { callAs, type DemoMarket, type DemoSession, expect } from '../fixtures.js';

export interface FreshBorrower extends DemoSession {
  /** the borrower's phone, for the development SMS inbox */
  phone: string;
  orders: (DemoSession['orders'][number] & { amountDueMinor: number })[];
}

/**
 * A new borrower with one order in every status of DESIGN §4 and a bound sandbox card: paying
 * its orders changes nobody else's, so tests that move money never disturb the shared demo data.
 */
export async function freshBorrower(request: APIRequestContext, market: DemoMarket): Promise<FreshBorrower> {
  const response = await request.get(`/dev/session?market=${market}&fresh=1`);
  expect(response.ok(), `GET /dev/session?market=${market}&fresh=1 answered ${response.status()}`).toBe(true);
  return (await response.json()) as FreshBorrower;
}

/** The digits of the newest SMS code sent to a phone, read from the development inbox. */
export async function latestSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  const response = await request.get(`/dev/sms?phone=${encodeURIComponent(phone)}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { body: string }[] };
  const code = body.data[0]?.body.match(/\b(\d{6})\b/)?.[1];
  expect(code, `no SMS code in the inbox of ${phone}`).toBeTruthy();
  return code!;
}

/** Pays a virtual-account number or mini-market code through the sandbox, as a borrower at a bank or a till would. */
export async function payCodeInSandbox(request: APIRequestContext, vcode: string): Promise<void> {
  const response = await request.post('/dev/payments/pay', { data: { vcode } });
  expect(response.ok(), `POST /dev/payments/pay answered ${response.status()}: ${await response.text()}`).toBe(true);
}

/** Opens a virtual-account code at BCA (ATM steps) for `amountMinor` of an order, as the Indonesian repay page does. */
export const openVirtualAccount = (
  request: APIRequestContext,
  borrower: FreshBorrower,
  order: { orderId: string; productId: string },
  amountMinor: number,
) =>
  callAs<{ vcode: string; cardNo: string; amount: number }>(request, borrower, 'generateVirtualAccount', {
    ...order,
    amount: String(amountMinor),
    payCode: 'BCA',
    pay_type: '1',
    is_default: '1',
    is_display: '1',
    specific_num: 'ATM',
    purpose: 'repay',
  });

/** Starts a repayment of `amountMinor` with the borrower's bound sandbox card; `needValid` 1: an SMS code must confirm it. */
export const startCardRepayment = async (request: APIRequestContext, borrower: FreshBorrower, orderId: string, amountMinor: number) => {
  const amount = String(amountMinor);
  const way = await callAs<{ repayToken: string; bankCards: { id: string; bankName: string; cardNo: string; bankCode: string }[] }>(
    request,
    borrower,
    'repaymentWay',
    { orderId, amount },
  );
  const card = way.bankCards[0]!;
  return callAs<{ needValid: number; repayRecordId: string }>(request, borrower, 'repaymentCommit', {
    amount,
    bankName: card.bankName,
    cardId: card.id,
    cardNo: card.cardNo,
    orderId,
    repayToken: way.repayToken,
    bankCode: card.bankCode,
    sendMsg: '0',
  });
};

/** Confirms a card repayment with the SMS code the sandbox sent. */
export const confirmCardRepayment = async (request: APIRequestContext, borrower: FreshBorrower, orderId: string, repayRecordId: string) =>
  callAs(request, borrower, 'repaymentConfirm', {
    orderId,
    verifyCode: await latestSmsCode(request, borrower.phone),
    repaymentRecordId: repayRecordId,
  });

/**
 * Repays everything an order owes as the borrower would: India with the bound sandbox card and its
 * SMS code, Indonesia with a virtual-account code paid at the (sandbox) bank.
 */
export async function repayInFull(
  request: APIRequestContext,
  borrower: FreshBorrower,
  order: { orderId: string; productId: string },
  amountMinor: number,
) {
  if (borrower.market === 'ID') {
    await payCodeInSandbox(request, (await openVirtualAccount(request, borrower, order, amountMinor)).vcode);
    return;
  }
  const started = await startCardRepayment(request, borrower, order.orderId, amountMinor);
  if (started.needValid === 1) await confirmCardRepayment(request, borrower, order.orderId, started.repayRecordId);
}
