/** Watching a server-rendered page hydrate (decision 080), and waiting for it: shared by the tests of rendered pages. */
import { type Browser, expect, type Page } from '@playwright/test';

/** What React says when the server's HTML and the browser's first render differ (dev text and production error codes). */
const HYDRATION_PROBLEM = /hydrat|did not match|server rendered|#418|#419|#421|#422|#423|#425/i;

/**
 * Watches a page for hydration trouble: any uncaught error, and any console error or warning about
 * hydration. Also keeps the first heading the server sent, taken before any script runs, so a test
 * can tell a hydrated page (the same element) from one the browser rendered afresh.
 */
export const watch = async (page: Page): Promise<string[]> => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION_PROBLEM.test(message.text()))
      problems.push(`${message.type()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      // 'interactive': the HTML is parsed and the module scripts have not run yet
      if (document.readyState === 'interactive')
        (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('#root h1');
    });
  });
  return problems;
};

/** True when the heading on screen is the very element the server sent: React hydrated it instead of rendering again. */
export const keptServerHeading = (page: Page) =>
  page.evaluate(() => {
    const heading = (window as unknown as { serverHeading: Element | null }).serverHeading;
    return Boolean(heading?.isConnected) && document.querySelector('#root h1') === heading;
  });

/** Runs `check` on the page at `url` as a phone with scripts off shows it: only the server's HTML. */
export const withoutScripts = async (browser: Browser, url: string, check: (page: Page) => Promise<void>) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await check(page);
  } finally {
    await context.close();
  }
};

/** The calls to `path` the page sends from now on, filled as they go. */
export const callsTo = (page: Page, path: string): string[] => {
  const calls: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === path) calls.push(path);
  });
  return calls;
};

/**
 * Waits for the app to have hydrated the server's page (#root drops its data-ssr marker). A rendered
 * page's scripts come after its paint (decisions 179, 180), so only then has the app moved the
 * address's session into the tab, and a test may leave for a page that needs it.
 */
export const expectHydrated = (page: Page) => expect(page.locator('#root'), 'hydrated').not.toHaveAttribute('data-ssr');
