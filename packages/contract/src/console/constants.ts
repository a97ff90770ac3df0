/** The console's browser-safe constants: filters, limits and field names both the schemas and the console app read. */
export const ComplaintStatusFilter = ['open', 'replied', 'closed', 'all'] as const;
export type ComplaintStatusFilter = (typeof ComplaintStatusFilter)[number];

/** A reply's text; the images come as multipart file parts named `image`. */
export const REPLY_TEXT_MAX = 2000;
export const REPLY_IMAGE_FIELD = 'image';

/** A product's logo (issue 47 item 10): one PNG, JPEG or WebP file part named `logo`, within these limits. */
export const PRODUCT_LOGO_FIELD = 'logo';
export const ProductLogoLimits = { maxBytes: 200 * 1024, minSide: 32, maxSide: 1024 } as const;

/** The payouts screen's states (issue 28 item 6): an order's latest payout attempt, as operators read it. */
export const PayoutListState = ['waiting', 'processing', 'failed', 'reversed', 'succeeded'] as const;
export type PayoutListState = (typeof PayoutListState)[number];

/** An operator's reason for a payout action, and a mismatch's resolution note. */
export const PAYOUT_REASON_MIN = 3;
export const PAYOUT_REASON_MAX = 500;
/** An operator's password, set by themself through their enrolment link: at least this long. */
export const OperatorPasswordMin = 12;

/** Passwords too common to keep anyone out, compared without case, spaces, digits at the end or punctuation (decision 278). */
const COMMON_PASSWORDS = new Set([
  'password',
  'passw0rd',
  'qwertyuiop',
  'qwertyuiopasdf',
  'asdfghjkl',
  'zxcvbnm',
  'iloveyou',
  'letmein',
  'welcome',
  'admin',
  'administrator',
  'kilat',
  'kilatconsole',
  'console',
  'changeme',
  'trustno',
  'sunshine',
  'football',
  'monkey',
  'dragon',
  'india',
  'indonesia',
  'jakarta',
  'mumbai',
  'rahasia',
  'sayang',
  'bismillah',
]);

/**
 * Why a password an operator chose will not do (decision 278), or null: shorter than
 * {@link OperatorPasswordMin}, one character repeated, a run of the keyboard or the alphabet, a
 * well-known password with digits or signs around it, or the operator's own email name.
 */
export const operatorPasswordProblem = (password: string, email = ''): string | null => {
  if (password.length < OperatorPasswordMin) return `The password must be at least ${OperatorPasswordMin} characters long.`;
  const lower = password.toLowerCase();
  if (new Set(lower).size < 4) return 'The password repeats the same few characters: choose one with at least four different characters.';
  const runs = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiopasdfghjklzxcvbnm', '09876543210'];
  const sequential = [...lower].every((_, index) => index === 0 || runs.some((run) => run.includes(lower.slice(index - 1, index + 1))));
  if (sequential) return 'The password is a run of the keyboard or the alphabet: choose one that is hard to guess.';
  const core = lower.replace(/[^a-z]/g, '');
  if (COMMON_PASSWORDS.has(core)) return 'The password is too common: choose one that is hard to guess.';
  const name =
    email
      .toLowerCase()
      .split('@')[0]
      ?.replace(/[^a-z]/g, '') ?? '';
  if (name.length >= 4 && core.replaceAll(name, '') === '') return 'The password is your email name: choose one that is hard to guess.';
  return null;
};
