/** What the card-flow API tests share: a fresh borrower, the card calls, the SMS inbox, the ledger and payments of an order. */
import type { Market, OrderStatus } from '@kilat/contract';
import { and, eq } from 'drizzle-orm';
import { ledgerEntries, payments } from '../db/schema.js';
import { call, type DemoSession, type TestApp } from './app.js';
import { giveDisbursalAccount } from './disbursal.js';

export interface FreshBorrower extends DemoSession {
  phone: string;
  orders: { orderId: string; orderNo: string; productId: string; status: OrderStatus }[];
}

/** The sandbox's test cards (docs/sandboxes.md): a code then paid, paid without a code, a code then declined. */
export const TestCards = {
  withCode: '4111111111111111',
  withoutCode: '4000000000000077',
  declined: '4000000000000002',
} as const;

export const BankOf: Record<Market, string> = { IN: 'HDFC', ID: 'BCA' };

export const cardFlow = (t: TestApp) => {
  /**
   * A new borrower with one order in every status: paying its orders disturbs no other test. It has a
   * validated sandbox disbursal account (issue 28), so a loan it submits can be sent.
   */
  const freshBorrower = async (market: Market): Promise<FreshBorrower> => {
    const response = await t.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=1` });
    if (response.statusCode !== 200) throw new Error(`/dev/session?fresh=1 answered ${response.statusCode}: ${response.body}`);
    const borrower: FreshBorrower = response.json();
    await giveDisbursalAccount(t, Number(borrower.userId));
    return borrower;
  };

  const orderIn = (borrower: FreshBorrower, status: OrderStatus) => {
    const order = borrower.orders.find((entry) => entry.status === status);
    if (!order) throw new Error(`the fresh borrower has no order in ${status}`);
    return order;
  };

  const bindCard = (session: DemoSession, cardNo: string, overrides: Record<string, string> = {}) =>
    call(t.app, 'bindCard', {
      session,
      query: { market: session.market },
      body: { bankCode: BankOf[session.market], cardNo, holderName: 'Asha Verma', ...overrides },
    });

  /** Binds a card and answers its id. */
  const boundCard = async (session: DemoSession, cardNo: string): Promise<string> => {
    const response = await bindCard(session, cardNo);
    if (response.json().code !== '00') throw new Error(`bind-card answered ${response.body}`);
    return response.json().data.id;
  };

  const repaymentWay = (session: DemoSession, body: Record<string, string>) =>
    call(t.app, 'repaymentWay', { session, query: { market: session.market }, body });

  /** repayment-way's data for an order, failing loudly when it does not answer 00. */
  const openPayment = async (session: DemoSession, body: Record<string, string>) => {
    const response = await repaymentWay(session, body);
    if (response.json().code !== '00') throw new Error(`repayment-way answered ${response.body}`);
    return response.json().data as { alipay: number; repayToken: string; bankCards: { id: string; cardNo: string }[]; amount: number };
  };

  const commit = (
    session: DemoSession,
    input: { orderId: string; amount: number; cardId: string; repayToken: string; sendMsg?: 0 | 1; cardNo?: string },
  ) =>
    call(t.app, 'repaymentCommit', {
      session,
      query: { market: session.market },
      body: {
        amount: String(input.amount),
        bankName: 'HDFC Bank',
        cardId: input.cardId,
        cardNo: input.cardNo ?? '411111******1111',
        couponId: '',
        orderId: input.orderId,
        repayToken: input.repayToken,
        bankCode: BankOf[session.market],
        sendMsg: String(input.sendMsg ?? 0),
      },
    });

  const confirm = (session: DemoSession, input: { orderId: string; verifyCode: string; repaymentRecordId: string }) =>
    call(t.app, 'repaymentConfirm', { session, query: { market: session.market }, body: input });

  /** The newest repayment SMS sent to a phone, from the development inbox. */
  const latestSms = async (phone: string): Promise<{ body: string; purpose: string; code: string }> => {
    const response = await t.app.inject({ method: 'GET', url: `/dev/sms?phone=${encodeURIComponent(phone)}` });
    const latest = (response.json().data as { body: string; purpose: string }[])[0];
    const code = latest?.body.match(/\b(\d{6})\b/)?.[1];
    if (!latest || !code) throw new Error(`no SMS code in the inbox of ${phone}`);
    return { ...latest, code };
  };

  /** How many SMS the borrower got, but for the closure letter's link a loan paid off sends (issue 49): the codes and notices a payment sends. */
  const inboxSize = async (phone: string): Promise<number> => {
    const response = await t.app.inject({ method: 'GET', url: `/dev/sms?phone=${encodeURIComponent(phone)}` });
    return (response.json().data as { purpose: string }[]).filter((sms) => sms.purpose !== 'closure').length;
  };

  const repaymentRows = (orderId: string) =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, Number(orderId)), eq(ledgerEntries.kind, 'repayment')));

  const paymentsOf = (orderId: string) =>
    t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, Number(orderId)));

  const loanStatus = async (session: DemoSession, order: { orderId: string; productId: string }) => {
    const response = await call(t.app, 'loanDetails', {
      session,
      query: { market: session.market },
      body: { orderId: order.orderId, productId: order.productId },
    });
    return response.json().data.orderStatus as OrderStatus;
  };

  /** An order's payment opened, committed and awaiting its code, with the code sent. */
  const awaitingCode = async (borrower: FreshBorrower, order: { orderId: string }, cardNo: string = TestCards.withCode) => {
    const cardId = await boundCard(borrower, cardNo);
    const way = await openPayment(borrower, { orderId: order.orderId });
    const response = await commit(borrower, { orderId: order.orderId, amount: way.amount, cardId, repayToken: way.repayToken });
    const body = response.json();
    if (body.code !== '00' || body.data.needValid !== 1) throw new Error(`repayment-commit answered ${response.body}`);
    const { code } = await latestSms(borrower.phone);
    return { cardId, way, repaymentRecordId: body.data.repayRecordId as string, code };
  };

  return {
    freshBorrower,
    orderIn,
    bindCard,
    boundCard,
    repaymentWay,
    openPayment,
    commit,
    confirm,
    latestSms,
    inboxSize,
    repaymentRows,
    paymentsOf,
    loanStatus,
    awaitingCode,
  };
};

/** A code that is not `code` (the next one round the six digits). */
export const anotherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
