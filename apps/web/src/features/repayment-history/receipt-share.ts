/** Sharing a receipt: the phone's share sheet where there is one, else the receipt's words copied, else nothing (and the page says so). */

export interface ShareTarget {
  title: string;
  text: string;
  url: string;
}

/** The parts of `navigator` sharing uses, so that tests can hand in their own. */
export interface ShareCapabilities {
  share?: (data: ShareTarget) => Promise<void>;
  clipboard?: Pick<Clipboard, 'writeText'>;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** The receipt as lines of text: the label and value of each row, then the address of the receipt page. */
export const receiptText = (rows: readonly (readonly [string, string])[], url: string): string =>
  [...rows.map(([label, value]) => `${label}: ${value}`), url].join('\n');

export const shareReceipt = async (target: ShareTarget, capabilities: ShareCapabilities): Promise<ShareOutcome> => {
  if (capabilities.share) {
    try {
      await capabilities.share(target);
      return 'shared';
    } catch (error) {
      // the borrower closed the share sheet: nothing to say
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  if (!capabilities.clipboard) return 'failed';
  try {
    await capabilities.clipboard.writeText(`${target.title}\n${target.text}`);
    return 'copied';
  } catch {
    return 'failed';
  }
};
