/**
 * Where the app is downloaded when the landing template gives no link (it failed to load, or
 * the channel has none): the store listing, chosen here once.
 */
export const DEFAULT_DOWNLOAD_URL = 'https://play.google.com/store/apps/details?id=com.kilat.app';

export type DownloadKind = 'googlePlay' | 'appStore' | 'apk' | 'other';

/** What a download link opens, so that its button says so. */
export const downloadKind = (url: string): DownloadKind => {
  let parsed: URL;
  try {
    parsed = new URL(url, 'https://localhost');
  } catch {
    return 'other';
  }
  if (parsed.hostname === 'play.google.com') return 'googlePlay';
  if (parsed.hostname === 'apps.apple.com' || parsed.hostname === 'itunes.apple.com') return 'appStore';
  if (parsed.pathname.toLowerCase().endsWith('.apk')) return 'apk';
  return 'other';
};

/** A template's link may be opened or framed only if it is a web address or one of the app's own paths. */
export const isSafeLink = (url: string): boolean => /^https?:\/\//i.test(url) || /^\/(?!\/)/.test(url);

/** The agreement a `links_id` names: its index among the template's agreements. */
export const agreementAt = <T>(agreements: readonly T[], linksId: string): T | undefined =>
  /^\d+$/.test(linksId) ? agreements[Number(linksId)] : undefined;
