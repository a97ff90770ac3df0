import type { Market } from '@kilat/contract';
import { hydrate, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';
import { createQueryClient } from '@/shared/http/query-client';
import { parkSingleUse } from '@/shared/http/single-use';
import { I18nProvider } from '@/shared/i18n';
import { ToastHost } from '@/shared/toast';
import { Spinner } from '@/shared/ui';

/** The element the server writes the data it rendered with into (docs/decisions/080). */
export const EMBEDDED_QUERIES_ID = 'kilat-queries';

/** The browser's query cache: with the data the server rendered the page from, so the page does not ask again. */
const browserQueryClient = (): QueryClient => {
  const client = createQueryClient();
  const embedded = typeof document === 'undefined' ? null : document.getElementById(EMBEDDED_QUERIES_ID);
  if (embedded?.textContent) {
    hydrate(client, JSON.parse(embedded.textContent));
    // a single-use answer (pay-way's repayToken, decision 168) is its first visit's, not the cache's
    parkSingleUse(client);
    embedded.remove();
  }
  return client;
};

/** Server state, the language pack and the toast layer, for the app and for component tests. */
export function AppProviders({ market, queryClient, children }: { market?: Market; queryClient?: QueryClient; children: ReactNode }) {
  const [client] = useState(() => queryClient ?? browserQueryClient());
  return (
    <QueryClientProvider client={client}>
      <Suspense fallback={<Spinner />}>
        <I18nProvider market={market}>{children}</I18nProvider>
      </Suspense>
      <ToastHost />
    </QueryClientProvider>
  );
}
