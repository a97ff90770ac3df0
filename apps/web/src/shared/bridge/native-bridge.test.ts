import { afterEach, describe, expect, it, vi } from 'vitest';
import * as bridge from './native-bridge';

type Host = Record<string, unknown>;
const host = window as unknown as Host;

afterEach(() => {
  delete host.KilatNative;
  delete host.webkit;
  window.history.replaceState(null, '', '/');
});

describe('native bridge', () => {
  it('answers false and never throws without a native wrapper', async () => {
    await expect(bridge.goRate()).resolves.toBe(false);
    await expect(bridge.trackEvent('confirm', { productId: '1' })).resolves.toBe(false);
    await expect(bridge.openStoreRating(5)).resolves.toBe(false);
    await expect(bridge.scoreAction(5)).resolves.toBe(false);
    await expect(bridge.closeWebview()).resolves.toBe(false);
  });

  it("goes to the borrower's home, main, in a browser when asked for the native home (issue 30)", async () => {
    window.history.replaceState(null, '', '/loanDetails?orderId=1');
    await expect(bridge.goHome()).resolves.toBe(false);
    expect(window.location.pathname).toBe('/main');
  });

  it('opens the loan confirmation of the product in a browser', async () => {
    await expect(bridge.goProductPage(12)).resolves.toBe(false);
    expect(window.location.pathname + window.location.search).toBe('/loanConfirm?productId=12');
  });

  it('follows an app path target in a browser', async () => {
    await expect(bridge.openTarget('/relevant')).resolves.toBe(false);
    expect(window.location.pathname).toBe('/relevant');
  });

  it('hands the action to an Android wrapper with a JSON payload', async () => {
    const openStoreRating = vi.fn();
    host.KilatNative = { openStoreRating };
    await expect(bridge.openStoreRating(4)).resolves.toBe(true);
    expect(openStoreRating).toHaveBeenCalledWith(JSON.stringify({ score: 4 }));
  });

  it('hands the action to an iOS wrapper as a message', async () => {
    const postMessage = vi.fn();
    host.webkit = { messageHandlers: { kilat: { postMessage } } };
    await expect(bridge.goProductPage('7')).resolves.toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ action: 'goProductPage', payload: { productId: '7' } });
    expect(window.location.pathname).toBe('/');
  });

  it('ignores a wrapper that throws', async () => {
    host.KilatNative = {
      scoreAction: () => {
        throw new Error('native crash');
      },
    };
    await expect(bridge.scoreAction(5)).resolves.toBe(false);
  });

  it('falls back to the web when the wrapper lacks the action', async () => {
    host.KilatNative = {};
    await expect(bridge.goHome()).resolves.toBe(false);
    expect(window.location.pathname).toBe('/main');
  });
});
