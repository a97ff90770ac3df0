import type { Market } from '@kilat/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';
import { createQueryClient } from '@/shared/http/query-client';
import { I18nProvider } from '@/shared/i18n';
import { ToastHost } from '@/shared/toast';
import { Spinner } from '@/shared/ui';

/** Server state, the language pack and the toast layer, for the app and for component tests. */
export function AppProviders({ market, children }: { market?: Market; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<Spinner />}>
        <I18nProvider market={market}>{children}</I18nProvider>
      </Suspense>
      <ToastHost />
    </QueryClientProvider>
  );
}
