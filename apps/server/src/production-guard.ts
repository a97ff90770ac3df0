/**
 * Production refuses to lie (issue 16, docs/decisions/030): with NODE_ENV=production the server
 * does not start on any part that only pretends — the sandbox gateway pays with test cards, the
 * inbox SMS provider sends nothing, the embedded database is one process's, demo seeding makes up
 * borrowers, and a guessable secret signs nothing. Each problem is named so the operator can fix
 * them all in one go.
 */

export interface ProductionEnv {
  PAYMENT_GATEWAY: string;
  SMS_PROVIDER: string;
  DATABASE_URL?: string | undefined;
  SEED_DEMO?: boolean | undefined;
  PAYMENT_WEBHOOK_SECRET?: string | undefined;
  CARD_FINGERPRINT_KEY?: string | undefined;
  UPLOAD_LINK_KEY?: string | undefined;
  S3_BUCKET?: string | undefined;
}

export const SECRET_MIN_LENGTH = 32;
/** bits estimated from the secret's own character frequencies; 32 random base64 characters give ~150 */
export const SECRET_MIN_BITS = 100;
const SECRET_MIN_DISTINCT = 12;

/** Shannon entropy of the text's characters times its length: a low bound's worth for a repeated or patterned secret. */
export const estimatedBits = (secret: string): number => {
  const counts = new Map<string, number>();
  for (const char of secret) counts.set(char, (counts.get(char) ?? 0) + 1);
  const length = [...secret].length;
  let perChar = 0;
  for (const count of counts.values()) {
    const p = count / length;
    perChar -= p * Math.log2(p);
  }
  return perChar * length;
};

/** Why a secret is too weak to sign money with, or null. */
export const secretWeakness = (name: string, secret: string | undefined): string | null => {
  if (!secret) return `${name} is required`;
  if (secret.length < SECRET_MIN_LENGTH) return `${name} must be ${SECRET_MIN_LENGTH} characters or more`;
  const distinct = new Set(secret).size;
  const bits = estimatedBits(secret);
  if (distinct < SECRET_MIN_DISTINCT || bits < SECRET_MIN_BITS) {
    return `${name} is guessable (${distinct} distinct characters, ~${Math.floor(bits)} bits); generate one with \`openssl rand -base64 48\``;
  }
  return null;
};

export const productionProblems = (env: ProductionEnv): string[] => {
  const problems: string[] = [];
  if (env.PAYMENT_GATEWAY === 'sandbox') {
    problems.push('PAYMENT_GATEWAY=sandbox pays with test cards: configure a real payment gateway');
  }
  if (env.SMS_PROVIDER === 'inbox') {
    problems.push('SMS_PROVIDER=inbox only writes codes to the development inbox: configure a real SMS provider (SMS_PROVIDER=twilio)');
  }
  if (!env.DATABASE_URL) {
    problems.push('DATABASE_URL is not set: the embedded database is one process on one disk; use PostgreSQL');
  }
  if (env.SEED_DEMO === true) problems.push('SEED_DEMO=true would add demo borrowers and orders to the real books');
  if (!env.S3_BUCKET) {
    problems.push("S3_BUCKET is not set: evidence images on one instance's disk are missing on every other; use an S3-compatible store");
  }
  for (const name of ['PAYMENT_WEBHOOK_SECRET', 'CARD_FINGERPRINT_KEY', 'UPLOAD_LINK_KEY'] as const) {
    const weakness = secretWeakness(name, env[name]);
    if (weakness) problems.push(weakness);
  }
  return problems;
};
