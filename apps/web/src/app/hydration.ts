import { readComplaintOrder } from '@/features/complaints/complaint-rules';
import { Paths } from '@/shared/paths';
import { currentPath } from './app-location';

/**
 * Browser state the server cannot see that changes a page's first render: on such a page the
 * browser renders afresh instead of hydrating (docs/decisions/080).
 */
const browserOnlyState: Record<string, () => boolean> = {
  // the complaint entry starts from an order this browser saved (spec §2), the server from the address's
  [Paths.complaintEntry]: () => readComplaintOrder() !== '',
};

/**
 * True when the server's HTML (its `data-ssr` marker: market and path, and its `<html lang>`) is
 * the page this browser would render: same path (a hash route is not), same pack (a tab can
 * remember another), same language (decision 111), and no browser-only state the page starts from.
 */
export const canHydrate = (marker: string | undefined, market: string, renderedLang: string, locale: string): boolean => {
  const path = currentPath();
  return marker === `${market}:${path}` && renderedLang === locale && !browserOnlyState[path]?.();
};
