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
}

/**
 * The demo borrower's session from the development route (DESIGN §7). It is not a contract
 * call, so a plain fetch; production has no such route and answers 404, which leaves the page empty.
 */
export const fetchDemoFields = async (market: Market): Promise<Partial<PreviewFields> | null> => {
  try {
    const response = await fetch(`/dev/session?market=${market}`, { headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const session = (await response.json()) as DemoSession;
    return {
      appVersion: session.appVersion,
      deviceName: session.deviceName,
      deviceId: session.deviceId,
      osVersion: session.osVersion,
      sessionId: session.sessionId,
      productId: String(session.productId),
      orderId: String(session.orderId),
    };
  } catch {
    return null;
  }
};
