import { LEAVING_ATTRIBUTE } from '@kilat/contract/boot-script';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { canHydrate } from '@/app/hydration';
import { applyTheme } from '@/shared/config/env-config';
import { activeLocale } from '@/shared/i18n';
import { adoptRenderedSessionMarket, getMarket } from '@/shared/query-context';
import '@/app/global.css';

// the boot script has sent an old `#/payway` link to `/payway`: this document is being replaced, so nothing
// starts in it (it would move the address's token and render a page no one sees)
if (!document.documentElement.hasAttribute(LEAVING_ATTRIBUTE)) start();

function start() {
  applyTheme();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  // reads the address once: moves a session token out of it before anything renders (DESIGN §3); a session the
  // address brought without isNeedPop takes the market the server rendered it in, its borrower's (issue 48)
  adoptRenderedSessionMarket(container.dataset.ssr?.split(':')[0] ?? null);
  const market = getMarket();
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );

  // the server rendered this page (docs/decisions/080): hydrate it when it is the page the browser
  // would render (app/hydration.ts); else render afresh
  // (the server's HTML takes no tap until the page is hydrated: app/router.tsx PageLive). Hydrated as a
  // transition, React works through the page in slices of a few milliseconds, yielding the main thread
  // between them, instead of in one long task (decision 182)
  if (canHydrate(container.dataset.ssr, market, document.documentElement.lang, activeLocale(market))) {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    container.replaceChildren();
    delete container.dataset.ssr;
    createRoot(container).render(app);
  }
}
