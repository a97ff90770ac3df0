import { navigate } from 'wouter/use-browser-location';
import { Paths } from '@/shared/paths';

/**
 * The native actions of spec §7. The spec withholds the real protocol; ours: Android injects
 * `window.KilatNative` with one method per action taking a JSON string, iOS registers the
 * `kilat` WebKit message handler taking `{ action, payload }`. Failures are silently ignored.
 */
export const NativeAction = {
  closeWebview: 'closeWebview',
  goProductPage: 'goProductPage',
  goHome: 'goHome',
  goRate: 'goRate',
  trackEvent: 'trackEvent',
  openStoreRating: 'openStoreRating',
  scoreAction: 'scoreAction',
  openTarget: 'openTarget',
} as const;
export type NativeAction = (typeof NativeAction)[keyof typeof NativeAction];

interface NativeWindow {
  KilatNative?: Partial<Record<NativeAction, (payload: string) => unknown>>;
  webkit?: { messageHandlers?: { kilat?: { postMessage: (message: unknown) => void } } };
}

/** Whether a native wrapper is listening. */
export const hasNativeWrapper = (): boolean => {
  const host = window as unknown as NativeWindow;
  return Boolean(host.KilatNative || host.webkit?.messageHandlers?.kilat);
};

const callNative = async (action: NativeAction, payload: Record<string, unknown> = {}): Promise<boolean> => {
  try {
    const host = window as unknown as NativeWindow;
    const ios = host.webkit?.messageHandlers?.kilat;
    if (ios) {
      ios.postMessage({ action, payload });
      return true;
    }
    const android = host.KilatNative?.[action];
    if (typeof android === 'function') {
      await android.call(host.KilatNative, JSON.stringify(payload));
      return true;
    }
  } catch {
    // the wrapper failed: spec §7 says failures are silently ignored
  }
  return false;
};

/** Runs a web fallback that must never throw. */
const quietly = (fallback: () => void): void => {
  try {
    fallback();
  } catch {
    // a fallback that cannot run (e.g. a blocked window.close) changes nothing
  }
};

const isWebUrl = (target: string): boolean => /^https?:\/\//i.test(target);

/** Closes the webview; in a browser, goes back. */
export const closeWebview = async (): Promise<boolean> => {
  if (await callNative(NativeAction.closeWebview)) return true;
  quietly(() => window.history.back());
  return false;
};

/** Opens the native product page; in a browser, the loan confirmation of that product. */
export const goProductPage = async (productId: string | number): Promise<boolean> => {
  if (await callNative(NativeAction.goProductPage, { productId: String(productId) })) return true;
  quietly(() => navigate(`${Paths.loanConfirm}?productId=${encodeURIComponent(String(productId))}`));
  return false;
};

/** Opens the native home ('more products'); in a browser, the borrower's home, main, which asks to log in first when signed out (issue 30). */
export const goHome = async (): Promise<boolean> => {
  if (await callNative(NativeAction.goHome)) return true;
  quietly(() => navigate(Paths.main));
  return false;
};

/** Opens the native rating screen; nothing in a browser. */
export const goRate = (): Promise<boolean> => callNative(NativeAction.goRate);

/** The spec's "confirm burial point": an analytics event for the native wrapper. */
export const trackEvent = (name: string, payload: Record<string, unknown> = {}): Promise<boolean> =>
  callNative(NativeAction.trackEvent, { name, ...payload });

/** The app store's rating prompt (4 or 5 stars on loan details, spec §4). */
export const openStoreRating = (score?: number): Promise<boolean> =>
  callNative(NativeAction.openStoreRating, score === undefined ? {} : { score });

/** The chatbot's 5-star score action (spec §4). */
export const scoreAction = (score: number): Promise<boolean> => callNative(NativeAction.scoreAction, { score });

/** Opens a target the server returned: the wrapper handles it; a browser follows web URLs and app paths. */
export const openTarget = async (target: string): Promise<boolean> => {
  if (await callNative(NativeAction.openTarget, { target })) return true;
  quietly(() => {
    if (isWebUrl(target)) window.location.assign(target);
    else if (target.startsWith('/')) navigate(target);
  });
  return false;
};
