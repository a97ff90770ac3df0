import type { BaseLocationHook } from 'wouter';
import { navigate as navigateBrowser, useLocationProperty } from 'wouter/use-browser-location';

/** The spec's `#/…` links (spec §2) route by the hash; every other address routes by its path. */
const isHashRoute = (): boolean => window.location.hash.startsWith('#/');

const hashQueryStart = (): number => window.location.hash.indexOf('?');

/** `#/borrowDetail/?orderId=1` routes as `/borrowDetail/`; its query stays in the hash. */
export const currentPath = (): string => {
  if (!isHashRoute()) return window.location.pathname;
  const query = hashQueryStart();
  return query >= 0 ? window.location.hash.slice(1, query) : window.location.hash.slice(1);
};

/** The hash route's query, or the address's query string, without '?'. */
export const currentSearch = (): string => {
  if (!isHashRoute()) return window.location.search.replace(/^\?/, '');
  const query = hashQueryStart();
  return query >= 0 ? window.location.hash.slice(query + 1) : '';
};

/** Navigates to a path, or to a hash route when `to` starts with '#/'. */
export const navigate = (to: string, options?: { replace?: boolean; state?: unknown }): void => {
  if (!to.startsWith('#/')) {
    navigateBrowser(to, options);
    return;
  }
  const url = new URL(window.location.href);
  url.hash = to;
  // wouter's patched history announces the change to every location hook
  window.history[options?.replace ? 'replaceState' : 'pushState'](options?.state ?? null, '', url.href);
};

/**
 * wouter location hook: path routes, or the hash route when the address has `#/`. On the server
 * the router's `ssrPath` is the location; in the browser the address is, while hydrating too.
 */
export const useAppLocation: BaseLocationHook = (options?: { ssrPath?: string }) => {
  const ssrPath = options?.ssrPath;
  return [useLocationProperty(currentPath, ssrPath != null ? () => ssrPath : currentPath), navigate];
};

/** wouter search hook, matching useAppLocation. */
export const useAppSearch = (options?: { ssrSearch?: string }): string => {
  const ssrSearch = options?.ssrSearch;
  return useLocationProperty(currentSearch, ssrSearch != null ? () => ssrSearch : currentSearch);
};
