import type { Page } from '@playwright/test';

/** A stand-in native wrapper (decision 010) that records every action the page hands it. */
export const installNativeWrapper = (page: Page, failing = false) =>
  page.addInitScript((fail) => {
    const calls: { action: string; payload: unknown }[] = [];
    (window as unknown as { nativeCalls: typeof calls }).nativeCalls = calls;
    (window as unknown as { KilatNative: unknown }).KilatNative = new Proxy(
      {},
      {
        get: (_target, action: string) => (json: string) => {
          calls.push({ action, payload: JSON.parse(json) });
          if (fail) throw new Error('the store is not available');
        },
      },
    );
  }, failing);

export const nativeCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { nativeCalls: { action: string; payload: Record<string, unknown> }[] }).nativeCalls);
