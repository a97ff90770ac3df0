import type { APIRequestContext } from '@playwright/test';
import { callAs, type DemoSession, sessionParams } from '../fixtures.js';

export interface LoanDetails {
  orderStatus: number;
  noticeStatusText: string;
  noticeDesText: string;
  isDelay: number;
  isScore: string;
  h5Url: string;
  productName: string;
  recProducts: { id: string; name: string; clickable: number; buttonLabel: string }[];
  userOrderDetail: { detail: { text: string; value: string }[] };
}

export interface DemoOrder {
  orderId: string;
  productId: string;
  details: LoanDetails;
}

/** The demo borrower's seeded orders (order numbers with DEMO), one per status, with their loan details. */
export async function demoOrders(request: APIRequestContext, session: DemoSession): Promise<Map<number, DemoOrder>> {
  const byStatus = new Map<number, DemoOrder>();
  for (const order of session.orders.filter((entry) => entry.orderNo.includes('DEMO'))) {
    if (byStatus.has(order.status)) continue;
    const details = await callAs<LoanDetails>(request, session, 'loanDetails', { productId: order.productId, orderId: order.orderId });
    byStatus.set(order.status, { orderId: order.orderId, productId: order.productId, details });
  }
  return byStatus;
}

export const pageParams = (session: DemoSession, order: { orderId: string; productId: string }) =>
  sessionParams(session, { orderId: order.orderId, productId: order.productId });
