import type { APIRequestContext, Page } from '@playwright/test';
import { callAs, type DemoSession } from '../fixtures.js';

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

export const pageParams = (session: DemoSession, order: { orderId: string; productId: string }) => ({
  isNeedPop: session.market === 'IN' ? 1 : 0,
  deviceId: session.deviceId,
  sessionId: session.sessionId,
  appVersion: session.appVersion,
  deviceName: session.deviceName,
  osVersion: session.osVersion,
  orderId: order.orderId,
  productId: order.productId,
});

/** A stand-in native wrapper (decision 010) that records every action the page hands it. */
export const installNativeWrapper = (page: Page, failing = false) =>
  page.addInitScript((fail) => {
    const calls: { action: string; payload: unknown }[] = [];
    (window as unknown as { nativeCalls: typeof calls }).nativeCalls = calls;
    (window as unknown as { KilatNative: unknown }).KilatNative = new Proxy(
      {},
      {
        get: (_target, action: string) => (json: string) => {
          calls.push({ action, payload: JSON.parse(json) });
          if (fail) throw new Error('the store is not available');
        },
      },
    );
  }, failing);

export const nativeCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { nativeCalls: { action: string; payload: Record<string, unknown> }[] }).nativeCalls);
