import type { Market } from '@kilat/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, type RenderResult, render } from '@testing-library/react';
import { type ReactElement, Suspense } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@/shared/http/query-client';
import { I18nProvider } from '@/shared/i18n';
import { ToastHost } from '@/shared/toast';

/**
 * Renders inside the shell's providers: server state, a language pack, toasts and, unless
 * `router: false`, a memory router at `path`. Awaits inside `act` because React 19 retries a
 * render that suspended (the pack, useContent) only from within the act scope that started it.
 */
export const renderWithProviders = async (
  ui: ReactElement,
  { market = 'ID', path = '/', router = true }: { market?: Market; path?: string; router?: boolean } = {},
): Promise<RenderResult & { navigations: string[] }> => {
  const location = memoryLocation({ path, record: true });
  const content = (
    <Suspense fallback={null}>
      <I18nProvider market={market}>{ui}</I18nProvider>
    </Suspense>
  );
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(
      <QueryClientProvider client={createQueryClient()}>
        {router ? (
          <Router hook={location.hook} searchHook={location.searchHook}>
            {content}
          </Router>
        ) : (
          content
        )}
        <ToastHost />
      </QueryClientProvider>,
    );
  });
  return Object.assign(result!, { navigations: location.history });
};
