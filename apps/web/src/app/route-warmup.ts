/**
 * What the first paint of the page the browser opened waits for, asked for all at once when the app
 * boots (docs/decisions/168).
 *
 * Rendering finds these one after another:
 * - the language pack suspends the router, so the page's chunk is not asked for until the pack is in;
 * - the page's chunk suspends the route;
 * - the page's texts (`useContent`) suspend the page before its `useQuery` asks for its data.
 * On slow 4G each is a round trip more before the page paints. Started here they overlap: the page
 * then renders from what has already arrived, through the same loaders and the same query cache.
 */
import type { EndpointName, Locale } from '@kilat/contract';
import { myLoansTexts } from '@/features/my-loans/texts';
import { installmentsTexts } from '@/features/repayment/installments/texts';
import { payWayTexts } from '@/features/repayment/pay-way/texts';
import { type ContentLoaders, loadMessages, preloadContent } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { getQueryContext, getSessionToken, pageParam } from '@/shared/query-context';
import { currentPath } from './app-location';
import { pageAt } from './router';

/** One call's query as the page builds it (shared/http/api-client.ts `apiQueryOptions`). */
type CallQuery = { queryKey: readonly unknown[]; queryFn: () => Promise<unknown> };

/** What a page's first paint shows besides its chunk: its texts, and the queries of the calls whose answers it shows. */
interface FirstPaint {
  texts: ContentLoaders<unknown>[];
  /** the page's first queries, built by the page's own query functions and params (loaded apart: they bring the API client) */
  queries?: () => Promise<CallQuery[]>;
}

const firstPaints: Record<string, FirstPaint> = {
  [Paths.main]: {
    texts: [myLoansTexts],
    // main needs a session: without one it sends the borrower to log in and asks nothing (app/require-session.tsx)
    queries: async () =>
      getSessionToken() === ''
        ? []
        : Promise.all([
            import('@/features/my-loans/api/get-my-orders').then(({ myOrdersQuery }) => myOrdersQuery()),
            import('@/shared/messages/get-unread-messages').then(({ unreadMessagesQuery }) => unreadMessagesQuery()),
          ]),
  },
  [Paths.repay]: {
    texts: [installmentsTexts],
    queries: async () => {
      const { installmentPlanQuery } = await import('@/features/repayment/installments/api/get-installment-plan');
      const { productId, orderId } = getQueryContext();
      return [installmentPlanQuery(productId, orderId)];
    },
  },
  [Paths.hash.payWay]: {
    texts: [payWayTexts],
    // the page's params as it reads them (pay-way-page.tsx): each repayment-way call hands out a new repayToken, and this is the page's one
    queries: async () => {
      const [{ amountOf, readPayWayParams }, { repaymentWayQuery }] = await Promise.all([
        import('@/features/repayment/hand-over'),
        import('@/features/repayment/pay-way/api/get-repayment-way'),
      ]);
      const params = readPayWayParams(pageParam, getQueryContext());
      return [repaymentWayQuery(params.orderId, amountOf(params.withholdingAmount), params.purpose)];
    },
  },
};

/**
 * Asks for the language pack, the chunk of the page at the address, and that page's texts and first
 * calls, without waiting for any of them. The page then renders from what has arrived: `lazy` and
 * `useContent` take the same loaders' promises, and its queries take the calls (api-client `startEarly`).
 */
export const warmUpRoute = (locale: Locale): void => {
  const pack = loadMessages(locale);
  const path = currentPath();
  void pageAt(path)
    ?.preload()
    .catch(() => undefined);
  const firstPaint = firstPaints[path];
  if (!firstPaint) return;
  for (const texts of firstPaint.texts) void preloadContent(texts, locale).catch(() => undefined);
  const { queries } = firstPaint;
  if (!queries) return;
  // the calls start once the pack is in, as the page's would: a failure's toast speaks it
  void Promise.all([pack, queries(), import('@/shared/http/api-client')])
    .then(([, list, { startEarly }]) => {
      for (const query of list) startEarly(query);
    })
    .catch(() => undefined);
};
