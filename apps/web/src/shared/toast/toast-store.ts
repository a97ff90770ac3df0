import { Limits } from '@kilat/contract';

export interface ToastState {
  id: number;
  message: string;
  kind: 'message' | 'loading';
}

type Listener = () => void;

let current: ToastState | null = null;
let nextId = 1;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();
/** The mounted toast hosts, oldest first: the newest draws the toast (an open dialog's, above the page's). */
const hosts: string[] = [];

const publish = (next: ToastState | null): void => {
  current = next;
  for (const listener of listeners) listener();
};

/** Durations of 300 ms or less are replaced by the 3000 ms default (spec §4). */
export const toastDuration = (durationMs?: number): number =>
  durationMs === undefined || !Number.isFinite(durationMs) || durationMs <= Limits.toastMinimumMs ? Limits.toastDefaultMs : durationMs;

// The default loading text comes from the active language pack once it is loaded.
let defaultLoadingText = (): string => 'Loading...';
export const setDefaultLoadingText = (text: () => string): void => {
  defaultLoadingText = text;
};

/**
 * A toast is the browser's. On the server this module is one store for every request, so a page
 * rendered there (a prefetch that failed says why in a toast) must publish nothing: it would show in
 * the next borrowers' pages and break their hydration (decision 168's addendum).
 */
const inBrowser = typeof window !== 'undefined';

/**
 * One toast at a time, as the spec's mobile kit shows them: a new one replaces the old.
 * Our own store rather than antd-mobile's Toast, which costs ~27 KB gzip on every route.
 */
export const toast = {
  show(message: string, durationMs?: number): void {
    if (!inBrowser) return;
    clearTimeout(hideTimer);
    const shown: ToastState = { id: nextId++, message, kind: 'message' };
    publish(shown);
    hideTimer = setTimeout(() => {
      if (current?.id === shown.id) publish(null);
    }, toastDuration(durationMs));
  },

  /** Shows a loading toast until the returned function is called. */
  loading(message?: string): () => void {
    if (!inBrowser) return () => {};
    clearTimeout(hideTimer);
    const shown: ToastState = { id: nextId++, message: message ?? defaultLoadingText(), kind: 'loading' };
    publish(shown);
    return () => {
      if (current?.id === shown.id) publish(null);
    };
  },

  clear(): void {
    clearTimeout(hideTimer);
    publish(null);
  },

  current: (): ToastState | null => current,

  /**
   * A host mounts: from now on it draws the toast, until it unmounts. An open modal dialog mounts
   * its own, because the browser draws the dialog above everything else on the page (decision 139).
   */
  addHost(id: string): () => void {
    hosts.push(id);
    publish(current);
    return () => {
      const at = hosts.lastIndexOf(id);
      if (at >= 0) hosts.splice(at, 1);
      publish(current);
    };
  },

  /** The host that draws the toast now: the newest mounted one. */
  topHost: (): string | undefined => hosts.at(-1),

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
