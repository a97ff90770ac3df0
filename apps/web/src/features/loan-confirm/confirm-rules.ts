/** The agreement checkbox is checked by default; unchecked disables confirm (spec §4). */
export const AGREEMENT_CHECKED_BY_DEFAULT = true;

export const canConfirm = (agreed: boolean, submitting: boolean): boolean => agreed && !submitting;

/** The pop-up with the embedded agreement page shows before confirming when isPopType is 1 (spec §2). */
export const needsPopUp = (isPopType: number): boolean => isPopType === 1;

/** The lend-details URL with from=confirm (spec §4), before any fragment. */
export const withFromConfirm = (url: string): string => {
  const hashAt = url.indexOf('#');
  const [base, hash] = hashAt >= 0 ? [url.slice(0, hashAt), url.slice(hashAt)] : [url, ''];
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}from=confirm${hash}`;
};

export const isWebUrl = (url: string): boolean => /^https?:\/\//i.test(url.trim());

/**
 * How an agreement's contract_url opens: a hash route of this app (`#/…`) through the router;
 * anything else — a web address, or a path the server serves such as the agreement documents —
 * as a real page load, since the router only knows the app's own pages.
 */
export const agreementOpensInApp = (url: string): boolean => url.trim().startsWith('#/');

export type MissingStep = 'identity' | 'payout';

/**
 * The steps a loan still needs before it can be confirmed, checked before the agreement opens
 * (issue 48): an identity not verified, an account not usable. Unknown (still loading) is not missing:
 * the server refuses the loan anyway.
 */
export const missingSteps = (identityStatus: string | undefined, payoutUsable: boolean | undefined): MissingStep[] => [
  ...(identityStatus !== undefined && identityStatus !== 'verified' ? (['identity'] as const) : []),
  ...(payoutUsable === false ? (['payout'] as const) : []),
];
