/**
 * Secrets rotate without downtime (issue 32, decision 130): a secret's previous value is accepted
 * beside the new one until a configured end (`<NAME>_PREVIOUS` and `<NAME>_PREVIOUS_UNTIL`), so
 * a gateway still signing with the old webhook secret, a card fingerprinted with the old key or
 * an image link signed with the old key keeps working while the change reaches every party.
 * Everything new is made with the current value only.
 */

/** A secret's value before the current one, accepted until `until`. */
export interface PreviousSecret {
  value: string;
  until: Date;
}

/** The values a check accepts at `now`: the current one first, then the previous one while its window lasts. */
export const secretsAt = (current: string, previous: PreviousSecret | undefined, now: Date): string[] =>
  previous && now.getTime() < previous.until.getTime() ? [current, previous.value] : [current];

/** Whether the previous value is still accepted at `now`. */
export const previousAccepted = (previous: PreviousSecret | undefined, now: Date): previous is PreviousSecret =>
  previous !== undefined && now.getTime() < previous.until.getTime();

/** The rotating secrets: each may have `<NAME>_PREVIOUS` and must then have `<NAME>_PREVIOUS_UNTIL`. */
export const ROTATING_SECRETS = [
  'PAYMENT_WEBHOOK_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'XENDIT_CALLBACK_TOKEN',
  'CARD_FINGERPRINT_KEY',
  'UPLOAD_LINK_KEY',
] as const;
export type RotatingSecretName = (typeof ROTATING_SECRETS)[number];

/** The previous values of the environment, or the problems with them (a value without an end, an end without a value). */
export const previousSecretsOf = (
  env: Record<string, string | undefined>,
): { previous: Partial<Record<RotatingSecretName, PreviousSecret>>; problems: string[] } => {
  const previous: Partial<Record<RotatingSecretName, PreviousSecret>> = {};
  const problems: string[] = [];
  for (const name of ROTATING_SECRETS) {
    const value = env[`${name}_PREVIOUS`]?.trim() || undefined;
    const untilText = env[`${name}_PREVIOUS_UNTIL`]?.trim() || undefined;
    if (!value && !untilText) continue;
    if (!value || !untilText) {
      problems.push(`${name}_PREVIOUS and ${name}_PREVIOUS_UNTIL go together: the old value, and when it stops being accepted`);
      continue;
    }
    const until = new Date(untilText);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(untilText) || Number.isNaN(until.getTime())) {
      problems.push(`${name}_PREVIOUS_UNTIL must be a date and time (ISO 8601, e.g. 2026-12-01T00:00:00Z)`);
      continue;
    }
    previous[name] = { value, until };
  }
  return { previous, problems };
};
