/** The toast a borrower reads must be drawn above everything, an open dialog too (issue 30, item 1). */
import type { Page } from '@playwright/test';
import { expect } from '../fixtures.js';

/**
 * The toast saying `text` is shown, and it is what the borrower sees at its centre: the element
 * drawn there is the toast (or inside it), not a dialog or the dialog's backdrop above it.
 */
export async function expectToastOnTop(page: Page, text: string): Promise<void> {
  const shown = page.locator('.toast', { hasText: text });
  await expect(shown).toBeVisible();
  const covering = await shown.evaluate((toast: HTMLElement) => {
    const box = toast.getBoundingClientRect();
    // the toast lets taps through (pointer-events: none), which hit testing skips: for this one look it takes them
    const before = toast.style.pointerEvents;
    toast.style.pointerEvents = 'auto';
    const drawn = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    toast.style.pointerEvents = before;
    return drawn !== null && toast.contains(drawn) ? '' : `${drawn?.tagName.toLowerCase()}.${drawn?.className}`;
  });
  expect(covering, `the toast "${text}" is covered by another element`).toBe('');
}
