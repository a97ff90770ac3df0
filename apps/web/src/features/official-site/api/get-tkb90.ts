import { OFFICIAL_SITE_TKB90_PATH, type PublishedTkb90 } from '@kilat/contract';
import { useEffect, useState } from 'react';

/**
 * Indonesia's TKB90 at the last month's end, read once the page is shown: the site is prerendered at
 * server start (decision 081) and the figure changes each month. Null until it answers, or if it fails.
 */
export const usePublishedTkb90 = (enabled: boolean): PublishedTkb90 | null => {
  const [published, setPublished] = useState<PublishedTkb90 | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetch(OFFICIAL_SITE_TKB90_PATH, { headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : null))
      .then((envelope: { data?: PublishedTkb90 } | null) => {
        if (live && envelope?.data) setPublished(envelope.data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [enabled]);
  return published;
};
