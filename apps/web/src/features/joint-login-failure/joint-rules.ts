/** The clickable flag: 1 active, 0 (or anything else) not clickable (spec §3, §5). */
export const isClickable = (flag: number): boolean => flag === 1;

/** A joint URL that starts with http is navigated to; anything else goes to the native wrapper (spec §7). */
export const isWebUrl = (url: string): boolean => /^https?:\/\//i.test(url.trim());

/** The URL with the common query string appended (spec §7), before any fragment; empty values are left out. */
export const withCommonQuery = (url: string, params: Record<string, string>): string => {
  const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== '')).toString();
  if (!query) return url;
  const hashAt = url.indexOf('#');
  const [base, hash] = hashAt >= 0 ? [url.slice(0, hashAt), url.slice(hashAt)] : [url, ''];
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}${query}${hash}`;
};
