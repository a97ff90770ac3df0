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

/**
 * Repays everything an order owes as the borrower would: India with the bound sandbox card and its
 * SMS code, Indonesia with a virtual-account code paid at the (sandbox) bank.
 */
export async function repayInFull(
  request: APIRequestContext,
  borrower: FreshBorrower,
  orderId: string,
  amountMinor: number,
): Promise<void> {
  const amount = String(amountMinor);
  if (borrower.market === 'ID') {
    const code = await callAs<{ vcode: string }>(request, borrower, 'generateVirtualAccount', {
      orderId,
      productId: borrower.orders.find((order) => order.orderId === orderId)?.productId ?? '',
      amount,
      payCode: 'BCA',
      pay_type: '1',
      is_default: '1',
      is_display: '1',
      specific_num: 'ATM',
      purpose: 'repay',
    });
    await payCodeInSandbox(request, code.vcode);
    return;
  }
  const way = await callAs<{ repayToken: string; bankCards: { id: string; bankName: string; cardNo: string; bankCode: string }[] }>(
    request,
    borrower,
    'repaymentWay',
    { orderId, amount },
  );
  const card = way.bankCards[0]!;
  const started = await callAs<{ needValid: number; repayRecordId: string }>(request, borrower, 'repaymentCommit', {
    amount,
    bankName: card.bankName,
    cardId: card.id,
    cardNo: card.cardNo,
    orderId,
    repayToken: way.repayToken,
    bankCode: card.bankCode,
    sendMsg: '0',
  });
  if (started.needValid === 1)
    await callAs(request, borrower, 'repaymentConfirm', {
      orderId,
      verifyCode: await latestSmsCode(request, borrower.phone),
      repaymentRecordId: started.repayRecordId,
    });
}
