/**
 * A refused request's fields in the words an operator reads (issue 47 item 10, decision 279): not
 * "Invalid request: q" but "Invalid request: q — the search text is too short: at least 2
 * characters." The field's name stays first, so a log or a test still finds it.
 */

/** What a field is called on the console's pages; others are their name in words ("bankReference" → "bank reference"). */
const FIELD_WORDS: Record<string, string> = {
  q: 'the search text',
  amountMinor: 'the amount',
  reason: 'the reason',
  bankReference: 'the bank reference',
  bankAccount: 'the collection account',
  receivedOn: 'the date received',
  validUntil: 'the date it is valid until',
  from: 'the first day',
  to: 'the last day',
  market: 'the market',
  page: 'the page number',
  code: 'the code',
  email: 'the email address',
  password: 'the password',
  name: 'the name',
  role: 'the role',
  termDays: 'the term',
  termOptions: 'the terms a borrower may choose',
  body: 'the request',
};

const inWords = (path: string): string => {
  const last =
    path
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .at(-1) ?? path;
  return FIELD_WORDS[last] ?? `the ${last.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}`;
};

interface Issue {
  keyword?: string;
  message?: string;
  params?: {
    origin?: string;
    minimum?: number | bigint;
    maximum?: number | bigint;
    expected?: string;
    values?: unknown[];
    format?: string;
    input?: unknown;
  };
}

/** zod's own words begin so; a schema's own message ("six digits") is said as it is */
const GENERIC = /^(Invalid|Too (small|big)|Expected|Required)/;

const problemOf = ({ keyword, message = '', params = {} }: Issue): string => {
  if (message && !GENERIC.test(message)) return `must be ${message}`;
  const { origin, minimum, maximum } = params;
  switch (keyword) {
    case 'too_small':
      if (origin === 'string') return Number(minimum) <= 1 ? 'is missing' : `is too short: at least ${String(minimum)} characters`;
      if (origin === 'array' || origin === 'set') return `needs at least ${String(minimum)}`;
      return `must be at least ${String(minimum)}`;
    case 'too_big':
      if (origin === 'string') return `is too long: at most ${String(maximum)} characters`;
      if (origin === 'array' || origin === 'set') return `takes at most ${String(maximum)}`;
      return `must be at most ${String(maximum)}`;
    case 'invalid_type':
      return /received undefined/.test(message)
        ? 'is missing'
        : `must be ${params.expected === 'number' ? 'a number' : `a ${params.expected ?? 'value'} of the right kind`}`;
    case 'invalid_value':
      return `must be one of ${(params.values ?? []).map(String).join(', ')}`;
    case 'invalid_format':
      return params.format === 'email' ? 'is not an email address' : 'is not written as expected';
    default:
      return 'is not valid';
  }
};

/** The refusal's text after "Invalid request: ": each field named, then what is wrong with it. */
export const validationInWords = (issues: readonly (Issue & { path: string })[]): string =>
  [...new Map(issues.map((issue) => [issue.path, issue])).values()]
    .map((issue) => `${issue.path} — ${inWords(issue.path)} ${problemOf(issue)}`)
    .join('; ')
    .concat('.');
