import AxeBuilder from '@axe-core/playwright';
import { API_PREFIX, type EndpointName, Endpoints } from '@kilat/contract';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export { sessionParams } from './environment.js';
export { expect };

export type DemoMarket = 'IN' | 'ID';

/** A fresh session of a market's demo borrower, as `GET /dev/session` returns it. */
export interface DemoSession {
  sessionId: string;
  deviceId: string;
  userId: string;
  market: DemoMarket;
  orderId: string;
  productId: string;
  appVersion: string;
  deviceName: string;
  osVersion: string;
  /** the demo borrower's orders with their derived status */
  orders: { orderId: string; orderNo: string; productId: string; status: number }[];
}

/** One contract call as a demo borrower, the way the web client makes it; fails the test unless it succeeds. */
export async function callAs<T>(
  request: APIRequestContext,
  session: Pick<DemoSession, 'market' | 'deviceId' | 'sessionId'>,
  name: EndpointName,
  fields: Record<string, string> = {},
): Promise<T> {
  const endpoint = Endpoints[name];
  const url = `${API_PREFIX}${endpoint.path}?market=${session.market}&deviceId=${encodeURIComponent(session.deviceId)}`;
  const headers = { authorization: `Bearer ${session.sessionId}` };
  const response =
    endpoint.method === 'GET'
      ? await request.get(`${url}&${new URLSearchParams(fields)}`, { headers })
      : await request.post(url, { headers, form: fields });
  const body = await response.json();
  expect(body[endpoint.codeField], `${name}: ${JSON.stringify(body)}`).toBe(endpoint.success);
  return body.data as T;
}

/**
 * A new borrower whose only loan is due soon: their limit leaves room for another loan, so loan confirm
 * offers one (the demo borrowers' open loans use all of theirs, and their loan confirm offers nothing: issue 48).
 */
export async function borrowerWithRoom(request: APIRequestContext, market: DemoMarket, identity: 'verified' | 'none' = 'verified') {
  const response = await request.get(`/dev/session?market=${market}&fresh=due&identity=${identity}`);
  expect(response.ok(), `GET /dev/session?market=${market}&fresh=due answered ${response.status()}`).toBe(true);
  return (await response.json()) as DemoSession;
}

/** `callAs` on the test's own request context: `await api<Offer>(session, 'loanConfirm', { productId })`. */
export type Api = <T>(
  session: Pick<DemoSession, 'market' | 'deviceId' | 'sessionId'>,
  name: EndpointName,
  fields?: Record<string, string>,
) => Promise<T>;

export const test = base.extend<{ demo: (market: DemoMarket) => Promise<DemoSession>; api: Api }>({
  demo: async ({ request }, use) => {
    await use(async (market) => {
      const response = await request.get(`/dev/session?market=${market}`);
      expect(response.ok(), `GET /dev/session?market=${market} answered ${response.status()}`).toBe(true);
      return (await response.json()) as DemoSession;
    });
  },
  api: async ({ request }, use) => {
    await use((session, name, fields) => callAs(request, session, name, fields));
  },
});

/**
 * A page address with query params; undefined values are left out. The spec's isNeedPop: 1
 * selects India, anything else Indonesia. For hash routes pass e.g. '/#/borrowDetail/': the
 * params then follow the hash, as the spec's links carry them.
 */
export function appUrl(path: string, params: Record<string, string | number | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) query.set(name, String(value));
  }
  const search = query.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Fails listing every serious or critical WCAG 2.1 A/AA violation axe finds on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(blocking, `accessibility violations on ${page.url()}`).toEqual([]);
}
