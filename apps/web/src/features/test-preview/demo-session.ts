import type { Market } from '@kilat/contract';
import type { PreviewFields } from './preview-links';

interface DemoSession {
  sessionId: string;
  deviceId: string;
  orderId: string;
  productId: string;
  appVersion: string;
  deviceName: string;
  osVersion: string;
  orders: DemoOrder[];
  promotionTemplates?: string[];
}

/** One of the demo borrower's orders, with its derived status code. */
export interface DemoOrder {
  orderId: string;
  orderNo: string;
  productId: string;
  status: number;
  /** what the order owes now, in minor units */
  amountDueMinor: number;
}

export interface DemoFill {
  fields: Partial<PreviewFields>;
  /** the demo borrower's orders, one per status and more, so any status can be opened */
  orders: DemoOrder[];
  /** the market's seeded promotion template ids */
  templates: string[];
}

/**
 * The demo borrower's session from the development route (DESIGN §7). It is not a contract
 * call, so a plain fetch; production has no such route and answers 404, which leaves the page empty.
 */
export const fetchDemoFields = async (market: Market): Promise<DemoFill | null> => {
  try {
    const response = await fetch(`/dev/session?market=${market}`, { headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const session = (await response.json()) as DemoSession;
    const orders = session.orders ?? [];
    const chosen = orders.find((order) => order.orderId === String(session.orderId));
    return {
      fields: {
        appVersion: session.appVersion,
        deviceName: session.deviceName,
        deviceId: session.deviceId,
        osVersion: session.osVersion,
        sessionId: session.sessionId,
        productId: String(session.productId),
        orderId: String(session.orderId),
        amount: chosen ? String(chosen.amountDueMinor) : '',
      },
      orders,
      templates: session.promotionTemplates ?? [],
    };
  } catch {
    return null;
  }
};
