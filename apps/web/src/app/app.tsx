import type { Market } from '@kilat/contract';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers';
import { AppRouter } from './router';

interface AppProps {
  /** set by the server: the market it chose, the address it renders and the data it fetched; the browser reads its own */
  market?: Market;
  ssrPath?: string;
  ssrSearch?: string;
  queryClient?: QueryClient;
}

export function App({ market, ssrPath, ssrSearch, queryClient }: AppProps = {}) {
  return (
    <AppProviders market={market} queryClient={queryClient}>
      <AppRouter ssrPath={ssrPath} ssrSearch={ssrSearch} />
    </AppProviders>
  );
}
