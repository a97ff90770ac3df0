/**
 * Production refuses to lie (issue 16, docs/decisions/030): with NODE_ENV=production the server
 * does not start on any part that only pretends — the sandbox gateway pays with test cards (so do
 * Razorpay's and Xendit's test-mode keys), the sandbox payout gateway sends no loan to any bank
 * (nor do RazorpayX's test keys, docs/decisions/126), the
 * inbox SMS provider sends nothing, the embedded database is one process's, demo seeding makes up
 * borrowers, and a guessable secret signs nothing. Each problem is named so the operator can fix
 * them all in one go.
 */

export interface ProductionEnv extends GatewayEnv {
  SMS_PROVIDER: string;
  DATABASE_URL?: string | undefined;
  SEED_DEMO?: boolean | undefined;
  PAYMENT_WEBHOOK_SECRET?: string | undefined;
  CARD_FINGERPRINT_KEY?: string | undefined;
  ACCOUNT_ENCRYPTION_KEY?: string | undefined;
  UPLOAD_LINK_KEY?: string | undefined;
  S3_BUCKET?: string | undefined;
  METRICS_TOKEN?: string | undefined;
  METRICS_PORT?: number | undefined;
  CONSOLE_ORIGIN?: string | undefined;
  /** the KYC providers (issue 29, decisions 151–152) */
  KYC_PROVIDER_IN?: string | undefined;
  KYC_PROVIDER_ID?: string | undefined;
  CASHFREE_CLIENT_ID?: string | undefined;
  CASHFREE_CLIENT_SECRET?: string | undefined;
  CASHFREE_VERIFICATION_API_BASE?: string | undefined;
  TRUSTDECISION_PARTNER_CODE?: string | undefined;
  TRUSTDECISION_PARTNER_KEY?: string | undefined;
  TRUSTDECISION_ID_VERIFICATION_URL?: string | undefined;
}

/** What a chosen KYC provider lacks, in any environment: its credentials (and TrustDecision's assigned address). */
export const kycProviderProblems = (env: ProductionEnv): string[] => {
  const problems: string[] = [];
  const missing = (names: (keyof ProductionEnv)[]) => names.filter((name) => !env[name]);
  if (env.KYC_PROVIDER_IN === 'cashfree') {
    const lacking = missing(['CASHFREE_CLIENT_ID', 'CASHFREE_CLIENT_SECRET']);
    if (lacking.length > 0) problems.push(`KYC_PROVIDER_IN=cashfree needs ${lacking.join(', ')}`);
  }
  if (env.KYC_PROVIDER_ID === 'trustdecision') {
    const lacking = missing(['TRUSTDECISION_PARTNER_CODE', 'TRUSTDECISION_PARTNER_KEY', 'TRUSTDECISION_ID_VERIFICATION_URL']);
    if (lacking.length > 0) problems.push(`KYC_PROVIDER_ID=trustdecision needs ${lacking.join(', ')}`);
  }
  return problems;
};

/** The payment gateway settings (decision 070): which gateway each market uses and its keys. */
export interface GatewayEnv {
  PAYMENT_GATEWAY_IN: string;
  PAYMENT_GATEWAY_ID: string;
  PAYMENT_GATEWAY?: string | undefined;
  RAZORPAY_KEY_ID?: string | undefined;
  RAZORPAY_KEY_SECRET?: string | undefined;
  RAZORPAY_WEBHOOK_SECRET?: string | undefined;
  XENDIT_SECRET_KEY?: string | undefined;
  XENDIT_CALLBACK_TOKEN?: string | undefined;
  PUBLIC_BASE_URL?: string | undefined;
  /** the payout gateways (issue 28, docs/decisions/126) */
  PAYOUT_GATEWAY_IN: string;
  PAYOUT_GATEWAY_ID: string;
  RAZORPAYX_KEY_ID?: string | undefined;
  RAZORPAYX_KEY_SECRET?: string | undefined;
  RAZORPAYX_ACCOUNT_NUMBER?: string | undefined;
  RAZORPAYX_WEBHOOK_SECRET?: string | undefined;
}

/** What a chosen gateway lacks, in any environment: a real gateway needs its keys, its webhook secret and the site's address. */
export const paymentGatewayProblems = (env: GatewayEnv): string[] => {
  const problems: string[] = [];
  if (env.PAYMENT_GATEWAY !== undefined) {
    problems.push('PAYMENT_GATEWAY was replaced by PAYMENT_GATEWAY_IN (sandbox|razorpay) and PAYMENT_GATEWAY_ID (sandbox|xendit)');
  }
  const missing = (names: (keyof GatewayEnv)[]) => names.filter((name) => !env[name]);
  if (env.PAYMENT_GATEWAY_IN === 'razorpay') {
    const lacking = missing(['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'PUBLIC_BASE_URL']);
    if (lacking.length > 0) problems.push(`PAYMENT_GATEWAY_IN=razorpay needs ${lacking.join(', ')}`);
  }
  if (env.PAYMENT_GATEWAY_ID === 'xendit') {
    const lacking = missing(['XENDIT_SECRET_KEY', 'XENDIT_CALLBACK_TOKEN', 'PUBLIC_BASE_URL']);
    if (lacking.length > 0) problems.push(`PAYMENT_GATEWAY_ID=xendit needs ${lacking.join(', ')}`);
  }
  return problems;
};

/** What a chosen payout gateway lacks, in any environment: its keys, the account it pays from, its webhook secret or callback token. */
export const payoutGatewayProblems = (env: GatewayEnv): string[] => {
  const problems: string[] = [];
  const missing = (names: (keyof GatewayEnv)[]) => names.filter((name) => !env[name]);
  if (env.PAYOUT_GATEWAY_IN === 'razorpayx') {
    const lacking = missing(['RAZORPAYX_KEY_ID', 'RAZORPAYX_KEY_SECRET', 'RAZORPAYX_ACCOUNT_NUMBER', 'RAZORPAYX_WEBHOOK_SECRET']);
    if (lacking.length > 0) problems.push(`PAYOUT_GATEWAY_IN=razorpayx needs ${lacking.join(', ')}`);
  }
  if (env.PAYOUT_GATEWAY_ID === 'xendit') {
    const lacking = missing(['XENDIT_SECRET_KEY', 'XENDIT_CALLBACK_TOKEN']);
    if (lacking.length > 0) problems.push(`PAYOUT_GATEWAY_ID=xendit needs ${lacking.join(', ')}`);
  }
  return problems;
};

/** Production sends real loans: the sandbox payout gateway and test-mode keys send none. */
const payoutProductionProblems = (env: ProductionEnv): string[] => {
  const problems: string[] = [];
  if (env.PAYOUT_GATEWAY_IN === 'sandbox') {
    problems.push('PAYOUT_GATEWAY_IN=sandbox sends no loan to any bank: configure RazorpayX (PAYOUT_GATEWAY_IN=razorpayx)');
  }
  if (env.PAYOUT_GATEWAY_ID === 'sandbox') {
    problems.push('PAYOUT_GATEWAY_ID=sandbox sends no loan to any bank: configure Xendit (PAYOUT_GATEWAY_ID=xendit)');
  }
  if (env.PAYOUT_GATEWAY_IN === 'razorpayx') {
    if (env.RAZORPAYX_KEY_ID?.startsWith('rzp_test_')) {
      problems.push('RAZORPAYX_KEY_ID is a test-mode key (rzp_test_…): use a live key (rzp_live_…)');
    }
    const weakness = secretWeakness('RAZORPAYX_WEBHOOK_SECRET', env.RAZORPAYX_WEBHOOK_SECRET);
    if (weakness) problems.push(weakness);
  }
  // the payment side already names a development Xendit key when payments use Xendit; say it once
  if (env.PAYOUT_GATEWAY_ID === 'xendit' && env.PAYMENT_GATEWAY_ID !== 'xendit' && env.XENDIT_SECRET_KEY?.startsWith('xnd_development_')) {
    problems.push('XENDIT_SECRET_KEY is a development key (xnd_development_…): use a production key (xnd_production_…)');
  }
  return problems;
};

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
  if (env.PAYMENT_GATEWAY_IN === 'sandbox') {
    problems.push('PAYMENT_GATEWAY_IN=sandbox pays with test cards: configure Razorpay (PAYMENT_GATEWAY_IN=razorpay)');
  }
  if (env.PAYMENT_GATEWAY_ID === 'sandbox') {
    problems.push('PAYMENT_GATEWAY_ID=sandbox pays with test cards: configure Xendit (PAYMENT_GATEWAY_ID=xendit)');
  }
  // test-mode keys move no money either
  if (env.PAYMENT_GATEWAY_IN === 'razorpay' && env.RAZORPAY_KEY_ID?.startsWith('rzp_test_')) {
    problems.push('RAZORPAY_KEY_ID is a test-mode key (rzp_test_…): use a live key (rzp_live_…)');
  }
  if (env.PAYMENT_GATEWAY_ID === 'xendit' && env.XENDIT_SECRET_KEY?.startsWith('xnd_development_')) {
    problems.push('XENDIT_SECRET_KEY is a development key (xnd_development_…): use a production key (xnd_production_…)');
  }
  if (env.CONSOLE_ORIGIN && !env.CONSOLE_ORIGIN.startsWith('https://')) {
    problems.push("CONSOLE_ORIGIN must be https:// in production: the operators' session cookie is Secure");
  }
  if (env.PUBLIC_BASE_URL && !env.PUBLIC_BASE_URL.startsWith('https://')) {
    problems.push('PUBLIC_BASE_URL must be https:// in production: gateways send borrowers back to it');
  }
  if (env.PAYMENT_GATEWAY_IN === 'razorpay') {
    const weakness = secretWeakness('RAZORPAY_WEBHOOK_SECRET', env.RAZORPAY_WEBHOOK_SECRET);
    if (weakness) problems.push(weakness);
  }
  problems.push(...payoutProductionProblems(env));
  // issue 29: the sandbox verifies anyone whose number ends right; a lender may not lend on that
  for (const [name, market] of [
    ['KYC_PROVIDER_IN', 'India'],
    ['KYC_PROVIDER_ID', 'Indonesia'],
  ] as const) {
    if ((env[name] ?? 'sandbox') === 'sandbox') {
      problems.push(`${name}=sandbox verifies no one's identity: configure a real KYC provider for ${market}`);
    }
  }
  if (env.KYC_PROVIDER_IN === 'cashfree' && env.CASHFREE_VERIFICATION_API_BASE?.includes('sandbox.cashfree.com')) {
    problems.push("CASHFREE_VERIFICATION_API_BASE is Cashfree's test environment: it verifies test data only");
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
  // issue 32: routes, latencies and the pool's state are not for whoever reaches the public port
  if (env.METRICS_PORT === undefined) {
    const weakness = secretWeakness('METRICS_TOKEN', env.METRICS_TOKEN);
    if (weakness) problems.push(`${weakness} (or serve /metrics on its own METRICS_PORT, kept off the public network)`);
  }
  for (const name of ['PAYMENT_WEBHOOK_SECRET', 'CARD_FINGERPRINT_KEY', 'ACCOUNT_ENCRYPTION_KEY', 'UPLOAD_LINK_KEY'] as const) {
    const weakness = secretWeakness(name, env[name]);
    if (weakness) problems.push(weakness);
  }
  return problems;
};

/** The lender's particulars each market's documents name (issue 49, decision 220): the contract's defaults are a demo company's. */
export const LENDER_SETTINGS = [
  'COMPANY_NAME_IN',
  'COMPANY_ADDRESS_IN',
  'COMPANY_REGISTRATION_IN',
  'GRIEVANCE_OFFICER_NAME_IN',
  'GRIEVANCE_OFFICER_PHONE_IN',
  'GRIEVANCE_OFFICER_EMAIL_IN',
  'COMPANY_NAME_ID',
  'COMPANY_ADDRESS_ID',
  'COMPANY_REGISTRATION_ID',
  'GRIEVANCE_OFFICER_NAME_ID',
  'GRIEVANCE_OFFICER_PHONE_ID',
  'GRIEVANCE_OFFICER_EMAIL_ID',
] as const;

/**
 * Production names the real lender: every agreement, key fact statement and closure letter carries
 * these, and a made-up lender on a borrower's contract is a lie. Read from the environment as given,
 * before the schema fills in the demo defaults.
 */
export const lenderProblems = (env: Record<string, string | undefined>): string[] => {
  const lacking = LENDER_SETTINGS.filter((name) => (env[name] ?? '').trim() === '');
  return lacking.length === 0
    ? []
    : [`the lender's particulars are not set: ${lacking.join(', ')} (the defaults name a demo company on the borrower's documents)`];
};
