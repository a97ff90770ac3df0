/** The server's configuration: the environment, read and validated once at boot. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CompanyContacts, DefaultCompanyContacts, Market } from '@kilat/contract';
import { z } from 'zod';
import type { TwilioSettings } from './modules/sms/twilio-provider.js';
import {
  kycProviderProblems,
  lenderProblems,
  paymentGatewayProblems,
  payoutGatewayProblems,
  productionProblems,
} from './production-guard.js';
import { type PreviousSecret, previousSecretsOf } from './secrets.js';

/** Outside production upload links are signed with a fixed key; production must set UPLOAD_LINK_KEY. */
export const DEV_LINK_KEY = 'kilat-dev-upload-link-key-not-for-production';

/** Razorpay, India's gateway (PAYMENT_GATEWAY_IN=razorpay) */
export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  /** the secret set on the webhook in Razorpay's dashboard (not the key secret) */
  webhookSecret: string;
  /** RAZORPAY_WEBHOOK_SECRET_PREVIOUS: still accepted until its end while Razorpay retries old deliveries (decision 130) */
  webhookSecretPrevious?: PreviousSecret | undefined;
  /** https://api.razorpay.com; tests point it at a local server replaying documented exchanges */
  apiBase: string;
  /** the site's public address: the payment link sends the borrower back here */
  publicBaseUrl: string;
}

/** Xendit, Indonesia's gateway (PAYMENT_GATEWAY_ID=xendit) */
export interface XenditSettings {
  secretKey: string;
  /** the callback verification token of Xendit's dashboard */
  callbackToken: string;
  /** XENDIT_CALLBACK_TOKEN_PREVIOUS: still accepted until its end (decision 130) */
  callbackTokenPrevious?: PreviousSecret | undefined;
  /** https://api.xendit.co; tests point it at a local server replaying documented exchanges */
  apiBase: string;
  /** the site's public address: the invoice sends the borrower back here */
  publicBaseUrl: string;
  /** the name shown on the virtual account and the payment code */
  merchantName: string;
}

/** RazorpayX Payouts, India's payout gateway (PAYOUT_GATEWAY_IN=razorpayx, docs/decisions/126) */
export interface RazorpayXSettings {
  keyId: string;
  keySecret: string;
  /** the lender's RazorpayX business account (the customer identifier / virtual account number) payouts are made from */
  accountNumber: string;
  /** the secret set on the payout webhook in RazorpayX's dashboard */
  webhookSecret: string;
  /** https://api.razorpay.com; tests point it at a local server replaying documented exchanges */
  apiBase: string;
}

/** Xendit Payouts v2, Indonesia's payout gateway (PAYOUT_GATEWAY_ID=xendit): the account's one secret key and callback token */
export interface XenditPayoutSettings {
  secretKey: string;
  callbackToken: string;
  apiBase: string;
}

export type PayoutGatewayName = 'sandbox' | 'razorpayx' | 'xendit';

/** Cashfree Secure ID, India's KYC provider (KYC_PROVIDER_IN=cashfree, decision 152) */
export interface CashfreeSettings {
  clientId: string;
  clientSecret: string;
  /** https://api.cashfree.com/verification; https://sandbox.cashfree.com/verification for a trial; tests point it at a replay server */
  apiBase: string;
}

/** TrustDecision, Indonesia's KYC provider (KYC_PROVIDER_ID=trustdecision, decision 152) */
export interface TrustDecisionSettings {
  partnerCode: string;
  partnerKey: string;
  /** https://id.apitd.net/verification/kyc/liveness/v1 */
  livenessUrl: string;
  /** the ID Verification (detailed) address TrustDecision assigns with the partner code */
  idVerificationUrl: string;
}

export interface S3Settings {
  bucket: string;
  /** absent: AWS itself; set for MinIO, Ceph, R2 or a local test server */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** bucket in the path (http://host/bucket/key), as most self-hosted stores need */
  forcePathStyle: boolean;
  /** a key prefix inside the bucket */
  prefix: string;
}

/** The repository root, found from this file's own location so the working directory does not matter. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const flag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A comma-separated list of collection accounts' names, upper-cased as references are. */
const accountsOf = (list: string): string[] =>
  list
    .split(',')
    .map((name) => name.trim().toUpperCase())
    .filter((name) => name !== '');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: z.string().trim().min(1).default(`${REPO_ROOT}data`),
  /** complaint images; DATA_DIR/uploads when unset */
  UPLOAD_DIR: optionalText,
  WEB_DIST: z.string().trim().min(1).default(`${REPO_ROOT}apps/web/dist`),
  /** the web app's server entry (`vite build --ssr`, docs/decisions/080); pages are client-only without it */
  WEB_SSR_DIST: z.string().trim().min(1).default(`${REPO_ROOT}apps/web/dist-ssr`),
  CONSOLE_DIST: z.string().trim().min(1).default(`${REPO_ROOT}apps/console/dist`),
  /** the operators' console (issue 18): a session ends after this many idle minutes, and after this many hours in any case */
  CONSOLE_IDLE_MINUTES: z.coerce.number().int().min(1).max(720).default(30),
  CONSOLE_SESSION_HOURS: z.coerce.number().int().min(1).max(72).default(12),
  /** a penalty waiver above this (minor units of the market) needs a second operator's approval (decision 157) */
  CONSOLE_WAIVER_APPROVAL_ABOVE_IN: z.coerce.number().int().min(0).default(50_000),
  CONSOLE_WAIVER_APPROVAL_ABOVE_ID: z.coerce.number().int().min(0).default(5_000_000),
  /** a write-off above this (minor units of the market) needs a second operator's approval (decision 163) */
  CONSOLE_WRITE_OFF_APPROVAL_ABOVE_IN: z.coerce.number().int().min(0).default(100_000),
  CONSOLE_WRITE_OFF_APPROVAL_ABOVE_ID: z.coerce.number().int().min(0).default(10_000_000),
  /** offline repayments above this (minor units of the market) need a second operator (issue 47, decision 231) */
  CONSOLE_OFFLINE_REPAYMENT_APPROVAL_ABOVE_IN: z.coerce.number().int().min(0).default(1_000_000),
  CONSOLE_OFFLINE_REPAYMENT_APPROVAL_ABOVE_ID: z.coerce.number().int().min(0).default(100_000_000),
  // a coupon issue whose face value (or campaign budget) is above this needs a second operator (decision 254)
  CONSOLE_COUPON_ISSUE_APPROVAL_ABOVE_IN: z.coerce.number().int().min(0).default(1_000_000),
  CONSOLE_COUPON_ISSUE_APPROVAL_ABOVE_ID: z.coerce.number().int().min(0).default(100_000_000),
  /** Kilat's bank accounts borrowers pay into outside the gateways, by name, comma-separated (decision 230) */
  COLLECTION_ACCOUNTS_IN: z.string().trim().min(1).default('main'),
  COLLECTION_ACCOUNTS_ID: z.string().trim().min(1).default('main'),
  /** issue 32: the console's own origin (https://console.…); unset: /console on the app's one origin */
  CONSOLE_ORIGIN: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    // a week (issue 16): a lost phone's session does not live for a month
    .default(168),
  SEED_DEMO: flag.optional(),
  /** the lender and its customer service per market (docs/decisions/057): every page and answer shows these */
  SUPPORT_EMAIL_IN: z.email().default(DefaultCompanyContacts.IN.email),
  SUPPORT_WHATSAPP_IN: z.string().trim().min(1).default(DefaultCompanyContacts.IN.phone),
  SUPPORT_EMAIL_ID: z.email().default(DefaultCompanyContacts.ID.email),
  SUPPORT_WHATSAPP_ID: z.string().trim().min(1).default(DefaultCompanyContacts.ID.phone),
  COMPANY_NAME_IN: z.string().trim().min(1).default(DefaultCompanyContacts.IN.name),
  COMPANY_ADDRESS_IN: z.string().trim().min(1).default(DefaultCompanyContacts.IN.address),
  COMPANY_NAME_ID: z.string().trim().min(1).default(DefaultCompanyContacts.ID.name),
  COMPANY_ADDRESS_ID: z.string().trim().min(1).default(DefaultCompanyContacts.ID.address),
  /** the lender's registration or licence number and whom to complain to (issue 49, decision 220); production sets each */
  COMPANY_REGISTRATION_IN: z.string().trim().min(1).default(DefaultCompanyContacts.IN.registration),
  COMPANY_REGISTRATION_ID: z.string().trim().min(1).default(DefaultCompanyContacts.ID.registration),
  GRIEVANCE_OFFICER_NAME_IN: z.string().trim().min(1).default(DefaultCompanyContacts.IN.grievance.name),
  GRIEVANCE_OFFICER_PHONE_IN: z.string().trim().min(1).default(DefaultCompanyContacts.IN.grievance.phone),
  GRIEVANCE_OFFICER_EMAIL_IN: z.email().default(DefaultCompanyContacts.IN.grievance.email),
  GRIEVANCE_OFFICER_NAME_ID: z.string().trim().min(1).default(DefaultCompanyContacts.ID.grievance.name),
  GRIEVANCE_OFFICER_PHONE_ID: z.string().trim().min(1).default(DefaultCompanyContacts.ID.grievance.phone),
  GRIEVANCE_OFFICER_EMAIL_ID: z.email().default(DefaultCompanyContacts.ID.grievance.email),
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(1000),
  /** payments (DESIGN §5): the gateway of each market, the sandbox webhook's signing secret, the key of card fingerprints */
  PAYMENT_GATEWAY_IN: z.enum(['sandbox', 'razorpay']).default('sandbox'),
  PAYMENT_GATEWAY_ID: z.enum(['sandbox', 'xendit']).default('sandbox'),
  /** replaced by PAYMENT_GATEWAY_IN and PAYMENT_GATEWAY_ID: refused when set, so an old setting is not silently ignored */
  PAYMENT_GATEWAY: optionalText,
  RAZORPAY_KEY_ID: optionalText.pipe(
    z
      .string()
      .regex(/^rzp_(live|test)_[A-Za-z0-9]{8,32}$/, 'a Razorpay key id looks like rzp_live_… or rzp_test_…')
      .optional(),
  ),
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  RAZORPAY_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.razorpay.com'),
  XENDIT_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^xnd_(production|development)_[A-Za-z0-9]{16,}$/, 'a Xendit secret key looks like xnd_production_… or xnd_development_…')
      .optional(),
  ),
  XENDIT_CALLBACK_TOKEN: optionalText,
  XENDIT_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.xendit.co'),
  XENDIT_MERCHANT_NAME: z.string().trim().min(1).max(60).default('Kilat'),
  /** the site's public address (https://…): real gateways send the borrower back to it after their hosted checkout */
  PUBLIC_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PAYMENT_WEBHOOK_SECRET: optionalText.pipe(z.string().min(32).optional()),
  /** payouts (issue 28, docs/decisions/126): the gateway each market's loans are sent through */
  PAYOUT_GATEWAY_IN: z.enum(['sandbox', 'razorpayx']).default('sandbox'),
  PAYOUT_GATEWAY_ID: z.enum(['sandbox', 'xendit']).default('sandbox'),
  RAZORPAYX_KEY_ID: optionalText.pipe(
    z
      .string()
      .regex(/^rzp_(live|test)_[A-Za-z0-9]{8,32}$/, 'a RazorpayX key id looks like rzp_live_… or rzp_test_…')
      .optional(),
  ),
  RAZORPAYX_KEY_SECRET: optionalText,
  /** the RazorpayX business account payouts are made from: the customer identifier or current account number ("a numeric or alphanumeric value") */
  RAZORPAYX_ACCOUNT_NUMBER: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]{6,40}$/, 'a RazorpayX account number is the letters and digits of the business account')
      .optional(),
  ),
  RAZORPAYX_WEBHOOK_SECRET: optionalText,
  CARD_FINGERPRINT_KEY: optionalText.pipe(z.string().min(32).optional()),
  /** identity (issue 29, decision 151): the KYC provider each market's checks go to */
  KYC_PROVIDER_IN: z.enum(['sandbox', 'cashfree']).default('sandbox'),
  KYC_PROVIDER_ID: z.enum(['sandbox', 'trustdecision']).default('sandbox'),
  CASHFREE_CLIENT_ID: optionalText,
  CASHFREE_CLIENT_SECRET: optionalText,
  /** Cashfree's Verification API: https://sandbox.cashfree.com/verification for a trial */
  CASHFREE_VERIFICATION_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.cashfree.com/verification'),
  TRUSTDECISION_PARTNER_CODE: optionalText,
  TRUSTDECISION_PARTNER_KEY: optionalText,
  TRUSTDECISION_LIVENESS_URL: z.url({ protocol: /^https?$/ }).default('https://id.apitd.net/verification/kyc/liveness/v1'),
  /** the ID Verification (detailed) address TrustDecision assigns with the partner code */
  TRUSTDECISION_ID_VERIFICATION_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** seals the full number of a disbursal account where the payout gateway needs it on every payout (issue 28) */
  ACCOUNT_ENCRYPTION_KEY: optionalText.pipe(z.string().min(32).optional()),
  /** the job scheduler (modules/jobs): on by default, off in tests, which run jobs themselves */
  JOBS_ENABLED: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** issue 16: running behind a load balancer */
  SMS_PROVIDER: z.enum(['inbox', 'twilio']).default('inbox'),
  TWILIO_ACCOUNT_SID: optionalText.pipe(
    z
      .string()
      .regex(/^AC[0-9a-f]{32}$/)
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText,
  TWILIO_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.twilio.com'),
  /** the balancer's addresses or CIDR ranges (comma-separated), or true; unset: the socket address is the client */
  TRUST_PROXY: optionalText,
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  /** seconds /readyz answers 503 before the server stops taking requests, then the most the stop may take */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).optional(),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** uploads in an S3-compatible store when S3_BUCKET is set; else in UPLOAD_DIR */
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag.optional(),
  S3_PREFIX: z.string().trim().default('uploads/'),
  /** signs the short-lived links to evidence images */
  UPLOAD_LINK_KEY: optionalText.pipe(z.string().min(32).optional()),
  UPLOAD_LINK_TTL_SECONDS: z.coerce.number().int().min(30).max(900).default(300),
  /** issue 32: /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`, or only on METRICS_PORT (then not on PORT) */
  METRICS_TOKEN: optionalText.pipe(z.string().min(32).optional()),
  METRICS_PORT: optionalText
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .pipe(z.number().int().min(1).max(65_535).optional()),
});

/** TRUST_PROXY as Fastify's `trustProxy` takes it: true, or the addresses and CIDR ranges of the proxies. */
const parseTrustProxy = (value: string | undefined): boolean | string[] => {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
};

export interface SupportContact {
  email: string;
  smWa: string;
}

export interface Config {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  uploadDir: string;
  webDist: string;
  webSsrDist: string;
  /** `origin`: CONSOLE_ORIGIN, the console's own origin (decision 130), or undefined for /console on the app's origin */
  console: {
    dist: string;
    idleMinutes: number;
    sessionHours: number;
    origin?: string | undefined;
    /** waivers above this amount (minor units) need a second operator */
    waiverApprovalAboveMinor: Record<Market, number>;
    /** write-offs above this amount (minor units) need a second operator */
    writeOffApprovalAboveMinor: Record<Market, number>;
    /** offline repayments above this amount (minor units) need a second operator */
    offlineRepaymentApprovalAboveMinor: Record<Market, number>;
    /** a coupon issue whose face value (or campaign budget, for a percent or days coupon) is above this needs a second operator (decision 254) */
    couponIssueApprovalAboveMinor: Record<Market, number>;
    /** the collection accounts an offline repayment may have landed in, the first the default (decision 230) */
    collectionAccounts: Record<Market, string[]>;
  };
  sessionTtlHours: number;
  seedDemo: boolean;
  support: Record<Market, SupportContact>;
  /** the same contacts with the lender's name and address, for the pages (footer, loan terms, privacy policy) */
  company: Record<Market, CompanyContacts>;
  /** requests per minute per IP; 0 turns the limit off */
  rateLimitMax: number;
  logLevel: string;
  /** the job scheduler ticks on its own; tests turn it off and call runDue / runNow after moving the clock */
  jobsEnabled: boolean;
  sms: { provider: 'inbox' | 'twilio'; twilio: TwilioSettings | undefined };
  /** Fastify's trustProxy: which peers' X-Forwarded-For is believed */
  trustProxy: boolean | string[];
  /** rate-limit counters live here when set, so every instance counts together */
  redisUrl: string | undefined;
  /**
   * PUBLIC_BASE_URL: the site's address links in SMS start with; unset, this machine's own address on PORT, so a
   * link is always one an SMS app can open (issue 48), never a bare path
   */
  publicBaseUrl: string;
  shutdown: { drainMs: number; timeoutMs: number };
  database: { statementTimeoutMs: number; idleInTransactionTimeoutMs: number };
  uploads: { s3: S3Settings | undefined; signingKey: string; signingKeyPrevious?: PreviousSecret | undefined; linkTtlSeconds: number };
  /** who may read /metrics: the bearer of `token` (when set), and only on `port` (when set) instead of the public port */
  metrics: { token: string | undefined; port: number | undefined };
  payouts: {
    /** the gateway each market's new payouts and destination checks go to */
    gateways: Record<Market, PayoutGatewayName>;
    razorpayx: RazorpayXSettings | undefined;
    xendit: XenditPayoutSettings | undefined;
    /** signs the sandbox's payout deliveries (the payments' webhook secret) */
    webhookSecret: string;
  };
  payments: {
    /** the gateway each market's new payments go to */
    gateways: Record<Market, PaymentGatewayName>;
    razorpay: RazorpaySettings | undefined;
    xendit: XenditSettings | undefined;
    /** signs and verifies the gateway's webhooks (HMAC-SHA256 over the raw body) */
    webhookSecret: string;
    /** keys the HMAC that recognises a card bound twice without keeping its number */
    fingerprintKey: string;
    /** the values before a rotation, accepted until their end (decision 130) */
    webhookSecretPrevious?: PreviousSecret | undefined;
    fingerprintKeyPrevious?: PreviousSecret | undefined;
  };
  /** disbursal accounts (issue 28): the secret that seals a full account number kept for the payout gateway */
  disbursalAccounts: { encryptionKey: string };
  /** identity (issue 29): each market's KYC provider; identity numbers are sealed with the disbursal accounts' key */
  identity: {
    providers: Record<Market, KycProviderName>;
    cashfree: CashfreeSettings | undefined;
    trustdecision: TrustDecisionSettings | undefined;
  };
}

export type KycProviderName = 'sandbox' | 'cashfree' | 'trustdecision';

/** Outside production the payment secrets have fixed development values; production must set its own. */
const DEV_WEBHOOK_SECRET = 'kilat-dev-webhook-secret-not-for-production';
const DEV_FINGERPRINT_KEY = 'kilat-dev-card-fingerprint-key-not-for-production';
const DEV_ACCOUNT_ENCRYPTION_KEY = 'kilat-dev-account-encryption-key-not-for-production';

export type PaymentGatewayName = 'sandbox' | 'razorpay' | 'xendit';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const payoutSettings = (e: z.infer<typeof EnvSchema>): Config['payouts'] => {
  const gateways: Record<Market, PayoutGatewayName> = { [Market.India]: e.PAYOUT_GATEWAY_IN, [Market.Indonesia]: e.PAYOUT_GATEWAY_ID };
  return {
    gateways,
    razorpayx:
      gateways.IN === 'razorpayx'
        ? {
            keyId: e.RAZORPAYX_KEY_ID!,
            keySecret: e.RAZORPAYX_KEY_SECRET!,
            accountNumber: e.RAZORPAYX_ACCOUNT_NUMBER!,
            webhookSecret: e.RAZORPAYX_WEBHOOK_SECRET!,
            apiBase: e.RAZORPAY_API_BASE,
          }
        : undefined,
    // Xendit has one secret key and one callback token per account: the payments' settings
    xendit:
      gateways.ID === 'xendit'
        ? { secretKey: e.XENDIT_SECRET_KEY!, callbackToken: e.XENDIT_CALLBACK_TOKEN!, apiBase: e.XENDIT_API_BASE }
        : undefined,
    webhookSecret: e.PAYMENT_WEBHOOK_SECRET ?? DEV_WEBHOOK_SECRET,
  };
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new ConfigError(`Invalid environment, the server cannot start:\n${problems}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && (!e.PAYMENT_WEBHOOK_SECRET || !e.CARD_FINGERPRINT_KEY || !e.ACCOUNT_ENCRYPTION_KEY)) {
    throw new ConfigError(
      'Invalid environment, the server cannot start:\n  PAYMENT_WEBHOOK_SECRET, CARD_FINGERPRINT_KEY and ACCOUNT_ENCRYPTION_KEY are required in production',
    );
  }
  if (e.SMS_PROVIDER === 'twilio' && !(e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM)) {
    throw new ConfigError(
      'Invalid environment, the server cannot start:\n  SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
    );
  }
  const rotation = previousSecretsOf(env);
  if (rotation.problems.length > 0) {
    throw new ConfigError(
      `Invalid environment, the server cannot start:\n${rotation.problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
  }
  const previous = rotation.previous;
  const gatewayProblems = [...paymentGatewayProblems(e), ...payoutGatewayProblems(e), ...kycProviderProblems(e)];
  if (gatewayProblems.length > 0) {
    throw new ConfigError(`Invalid environment, the server cannot start:\n${gatewayProblems.map((problem) => `  ${problem}`).join('\n')}`);
  }
  const refused = isProduction ? [...productionProblems(e), ...lenderProblems(env)] : [];
  if (refused.length > 0) {
    throw new ConfigError(`Refusing to start in production:\n${refused.map((problem) => `  ${problem}`).join('\n')}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    isProduction,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    uploadDir: e.UPLOAD_DIR ?? join(e.DATA_DIR, 'uploads'),
    webDist: e.WEB_DIST,
    webSsrDist: e.WEB_SSR_DIST,
    console: {
      dist: e.CONSOLE_DIST,
      idleMinutes: e.CONSOLE_IDLE_MINUTES,
      sessionHours: e.CONSOLE_SESSION_HOURS,
      waiverApprovalAboveMinor: {
        [Market.India]: e.CONSOLE_WAIVER_APPROVAL_ABOVE_IN,
        [Market.Indonesia]: e.CONSOLE_WAIVER_APPROVAL_ABOVE_ID,
      },
      writeOffApprovalAboveMinor: {
        [Market.India]: e.CONSOLE_WRITE_OFF_APPROVAL_ABOVE_IN,
        [Market.Indonesia]: e.CONSOLE_WRITE_OFF_APPROVAL_ABOVE_ID,
      },
      offlineRepaymentApprovalAboveMinor: {
        [Market.India]: e.CONSOLE_OFFLINE_REPAYMENT_APPROVAL_ABOVE_IN,
        [Market.Indonesia]: e.CONSOLE_OFFLINE_REPAYMENT_APPROVAL_ABOVE_ID,
      },
      couponIssueApprovalAboveMinor: {
        [Market.India]: e.CONSOLE_COUPON_ISSUE_APPROVAL_ABOVE_IN,
        [Market.Indonesia]: e.CONSOLE_COUPON_ISSUE_APPROVAL_ABOVE_ID,
      },
      collectionAccounts: {
        [Market.India]: accountsOf(e.COLLECTION_ACCOUNTS_IN),
        [Market.Indonesia]: accountsOf(e.COLLECTION_ACCOUNTS_ID),
      },
      origin: e.CONSOLE_ORIGIN === undefined ? undefined : new URL(e.CONSOLE_ORIGIN).origin,
    },
    sessionTtlHours: e.SESSION_TTL_HOURS,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    support: {
      [Market.India]: { email: e.SUPPORT_EMAIL_IN, smWa: e.SUPPORT_WHATSAPP_IN },
      [Market.Indonesia]: { email: e.SUPPORT_EMAIL_ID, smWa: e.SUPPORT_WHATSAPP_ID },
    },
    company: {
      [Market.India]: {
        name: e.COMPANY_NAME_IN,
        address: e.COMPANY_ADDRESS_IN,
        registration: e.COMPANY_REGISTRATION_IN,
        phone: e.SUPPORT_WHATSAPP_IN,
        email: e.SUPPORT_EMAIL_IN,
        grievance: { name: e.GRIEVANCE_OFFICER_NAME_IN, phone: e.GRIEVANCE_OFFICER_PHONE_IN, email: e.GRIEVANCE_OFFICER_EMAIL_IN },
      },
      [Market.Indonesia]: {
        name: e.COMPANY_NAME_ID,
        address: e.COMPANY_ADDRESS_ID,
        registration: e.COMPANY_REGISTRATION_ID,
        phone: e.SUPPORT_WHATSAPP_ID,
        email: e.SUPPORT_EMAIL_ID,
        grievance: { name: e.GRIEVANCE_OFFICER_NAME_ID, phone: e.GRIEVANCE_OFFICER_PHONE_ID, email: e.GRIEVANCE_OFFICER_EMAIL_ID },
      },
    },
    rateLimitMax: e.RATE_LIMIT_MAX,
    logLevel: e.LOG_LEVEL,
    jobsEnabled: e.JOBS_ENABLED ?? e.NODE_ENV !== 'test',
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    sms: {
      provider: e.SMS_PROVIDER,
      twilio:
        e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
          ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM, apiBase: e.TWILIO_API_BASE }
          : undefined,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    shutdown: {
      // production sits behind a balancer that needs a few probes to stop sending; elsewhere stop at once
      drainMs: (e.SHUTDOWN_DRAIN_SECONDS ?? (isProduction ? 5 : 0)) * 1000,
      timeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    },
    uploads: {
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
            prefix: e.S3_PREFIX,
          }
        : undefined,
      signingKey: e.UPLOAD_LINK_KEY ?? DEV_LINK_KEY,
      signingKeyPrevious: previous.UPLOAD_LINK_KEY,
      linkTtlSeconds: e.UPLOAD_LINK_TTL_SECONDS,
    },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    database: {
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    payouts: payoutSettings(e),
    payments: {
      gateways: { [Market.India]: e.PAYMENT_GATEWAY_IN, [Market.Indonesia]: e.PAYMENT_GATEWAY_ID },
      razorpay:
        e.PAYMENT_GATEWAY_IN === 'razorpay'
          ? {
              keyId: e.RAZORPAY_KEY_ID!,
              keySecret: e.RAZORPAY_KEY_SECRET!,
              webhookSecret: e.RAZORPAY_WEBHOOK_SECRET!,
              webhookSecretPrevious: previous.RAZORPAY_WEBHOOK_SECRET,
              apiBase: e.RAZORPAY_API_BASE,
              publicBaseUrl: e.PUBLIC_BASE_URL!,
            }
          : undefined,
      xendit:
        e.PAYMENT_GATEWAY_ID === 'xendit'
          ? {
              secretKey: e.XENDIT_SECRET_KEY!,
              callbackToken: e.XENDIT_CALLBACK_TOKEN!,
              callbackTokenPrevious: previous.XENDIT_CALLBACK_TOKEN,
              apiBase: e.XENDIT_API_BASE,
              publicBaseUrl: e.PUBLIC_BASE_URL!,
              merchantName: e.XENDIT_MERCHANT_NAME,
            }
          : undefined,
      webhookSecret: e.PAYMENT_WEBHOOK_SECRET ?? DEV_WEBHOOK_SECRET,
      fingerprintKey: e.CARD_FINGERPRINT_KEY ?? DEV_FINGERPRINT_KEY,
      webhookSecretPrevious: previous.PAYMENT_WEBHOOK_SECRET,
      fingerprintKeyPrevious: previous.CARD_FINGERPRINT_KEY,
    },
    disbursalAccounts: { encryptionKey: e.ACCOUNT_ENCRYPTION_KEY ?? DEV_ACCOUNT_ENCRYPTION_KEY },
    identity: {
      providers: { [Market.India]: e.KYC_PROVIDER_IN, [Market.Indonesia]: e.KYC_PROVIDER_ID },
      cashfree:
        e.KYC_PROVIDER_IN === 'cashfree'
          ? { clientId: e.CASHFREE_CLIENT_ID!, clientSecret: e.CASHFREE_CLIENT_SECRET!, apiBase: e.CASHFREE_VERIFICATION_API_BASE }
          : undefined,
      trustdecision:
        e.KYC_PROVIDER_ID === 'trustdecision'
          ? {
              partnerCode: e.TRUSTDECISION_PARTNER_CODE!,
              partnerKey: e.TRUSTDECISION_PARTNER_KEY!,
              livenessUrl: e.TRUSTDECISION_LIVENESS_URL,
              idVerificationUrl: e.TRUSTDECISION_ID_VERIFICATION_URL!,
            }
          : undefined,
    },
  };
};
