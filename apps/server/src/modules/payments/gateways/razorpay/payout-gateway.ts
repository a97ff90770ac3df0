/**
 * RazorpayX Payouts, India's payout gateway (issue 28, docs/decisions/126), built to RazorpayX's
 * public API documentation (the page of each call is named beside it). HTTP Basic auth with the key
 * id and secret against https://api.razorpay.com; every payout is made from the lender's RazorpayX
 * business account (`account_number`).
 *
 * - A destination is checked by creating a contact, a fund account (bank account by IFSC, or a UPI
 *   ID) and a fund account validation; the validation answers the bank's registered name. It is
 *   asynchronous: `created` is 'pending' here (ask again with lookupValidation), `completed` is
 *   valid or invalid by `results.account_status`, `failed` (a technical error) is thrown as a
 *   GatewayError, so the caller tries again rather than calling the account invalid.
 * - A payout goes to the fund account (`fa_…`, kept as the destination's gateway id) by IMPS, or by
 *   UPI for a UPI ID, with the mandatory `X-Payout-Idempotency` header: the stored key, the same for
 *   every re-send of one attempt. `queue_if_low_balance` keeps it queued instead of failing when the
 *   lender's balance is short.
 * - States: queued, pending and processing are our 'processing'; processed; reversed (the money came
 *   back — RazorpayX can reverse a payout that never showed processed); failed; cancelled and
 *   rejected are 'cancelled'. A failure or reversal is retryable by its `status_details.source`
 *   (decision 126).
 * - Webhooks: `X-Razorpay-Signature`, the hex HMAC-SHA256 of the raw body with the webhook secret
 *   (constant time); the event id is the `x-razorpay-event-id` header.
 */
import { z } from 'zod';
import type { RazorpayXSettings } from '../../../../config.js';
import { expectOk, GatewayClient, GatewayError } from '../gateway-http.js';
import type {
  DestinationValidation,
  GatewayTransaction,
  NewPayout,
  PayoutDestination,
  PayoutEvent,
  PayoutGateway,
  PayoutLookup,
  PayoutState,
  PayoutStatus,
} from '../payout-port.js';
import { RAZORPAY_SIGNATURE_HEADER, razorpaySignatureHolds } from './razorpay-gateway.js';

export const RAZORPAYX_GATEWAY = 'razorpayx';
/** the id of a delivery, the same on every retry of it — https://razorpay.com/docs/webhooks/validate-test ("Ignore duplicates using the x-razorpay-event-id header") */
export const RAZORPAYX_EVENT_ID_HEADER = 'x-razorpay-event-id';
export const RAZORPAYX_IDEMPOTENCY_HEADER = 'X-Payout-Idempotency';

/** https://razorpay.com/docs/api/x/payout-idempotency/make-request: 4–36 letters, digits, hyphens, underscores and spaces */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_\- ]{4,36}$/;

/**
 * the most one payout may carry by each mode, in paise: IMPS ₹5,00,000, UPI ₹1,00,000 (the limits issue 28 names;
 * the payout entity's documented minimum is 100 paise — https://razorpay.com/docs/api/x/payouts/entity)
 */
export const RazorpayXModeLimits = { IMPS: 5_00_000_00, UPI: 1_00_000_00 } as const;

/** the amount a bank account validation deposits, in paise (₹1, as the documented request sends) — https://razorpay.com/docs/api/x/account-validation/bank-account */
const VALIDATION_AMOUNT = 100;

const id = z.string().min(1).max(64);

const StatusDetails = z
  .object({
    description: z.string().max(500).nullish(),
    source: z.string().max(40).nullish(),
    reason: z.string().max(100).nullish(),
  })
  .nullish();

/** https://razorpay.com/docs/api/x/payouts/fetch-with-id */
const PayoutEntity = z.object({
  id,
  entity: z.literal('payout'),
  fund_account_id: z.string().max(64).nullish(),
  amount: z.number().int().nonnegative(),
  status: z.enum(['queued', 'pending', 'rejected', 'processing', 'processed', 'cancelled', 'reversed', 'failed']),
  utr: z.string().max(64).nullish(),
  reference_id: z.string().max(255).nullish(),
  status_details: StatusDetails,
  created_at: z.number().int(),
});
type PayoutEntity = z.infer<typeof PayoutEntity>;

/** https://razorpay.com/docs/api/x/account-validation/entity */
const ValidationEntity = z.object({
  id,
  entity: z.literal('fund_account.validation'),
  fund_account: z.object({ id }),
  status: z.enum(['created', 'completed', 'failed']),
  results: z.object({ account_status: z.enum(['active', 'invalid']).nullish(), registered_name: z.string().max(200).nullish() }).nullish(),
});

/** https://razorpay.com/docs/webhooks/payouts */
const EventEnvelope = z.object({
  entity: z.literal('event'),
  event: z.string().max(64),
  created_at: z.number().int(),
  payload: z.record(z.string(), z.unknown()),
});

/** https://razorpay.com/docs/api/x/transactions/entity */
const TransactionEntity = z.object({
  id,
  entity: z.literal('transaction'),
  credit: z.number().int().nonnegative(),
  debit: z.number().int().nonnegative(),
  source: z.object({ id: z.string().max(64), entity: z.string().max(40), amount: z.number().int().nonnegative().nullish() }).nullish(),
  created_at: z.number().int(),
});

const Collection = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ entity: z.literal('collection'), count: z.number().int(), items: z.array(item) });

/**
 * Whether a failed or reversed payout may be tried again (as a new attempt, under a new key):
 * RazorpayX documents the `source` of a status as gateway (its partner bank), beneficiary_bank,
 * business (the merchant must act) or internal (its own servers)
 * — https://razorpay.com/docs/errors/x/payout-status-details. The technical sources are retryable;
 * business is final, except a limit that resets ("amount_limit_exhausted": "retry after sometime").
 * A wrong mode (`imps_not_allowed`, "Retry with different mode") is final: an operator decides.
 */
export const razorpayXRetryable = (details: z.infer<typeof StatusDetails>): boolean => {
  if (!details?.source) return false;
  if (details.reason === 'imps_not_allowed') return false;
  if (details.source === 'business') return details.reason === 'amount_limit_exhausted';
  return details.source === 'gateway' || details.source === 'beneficiary_bank' || details.source === 'internal';
};

const STATUS: Record<PayoutEntity['status'], PayoutStatus> = {
  queued: 'processing',
  pending: 'processing',
  processing: 'processing',
  processed: 'processed',
  reversed: 'reversed',
  failed: 'failed',
  cancelled: 'cancelled',
  rejected: 'cancelled',
};

/** Our state of a RazorpayX payout; `at` is when RazorpayX told it (a webhook's created_at), when known. */
export const razorpayXState = (payout: PayoutEntity, at: Date | null = null): PayoutState => {
  const status = STATUS[payout.status];
  const ended = status === 'failed' || status === 'reversed' || status === 'cancelled';
  return {
    status,
    gatewayPayoutId: payout.id,
    utr: payout.utr ?? null,
    failureCode: ended ? (payout.status_details?.reason ?? null) : null,
    failureReason: payout.status_details?.description ?? null,
    retryable: (status === 'failed' || status === 'reversed') && razorpayXRetryable(payout.status_details),
    occurredAt: (status === 'processed' || status === 'reversed') && at ? at.toISOString() : null,
  };
};

/** Contact names: 3–50 of a-z, A-Z, 0-9, space, ’ - _ / ( ) , . — https://razorpay.com/docs/api/x/contacts/create */
const contactName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9 ’\-_/(),.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 50)
    .replace(/[^A-Za-z0-9.]+$/, '');

/**
 * The narration the beneficiary's statement shows (https://razorpay.com/docs/api/x/payouts/entity): kept to 30 plain
 * letters, digits and spaces, like the documented example "Acme Corp Fund Transfer", so no bank truncates or refuses it
 */
const narrationOf = (text: string) =>
  text
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 30)
    .trim();

export class RazorpayXPayoutGateway implements PayoutGateway {
  readonly name = RAZORPAYX_GATEWAY;
  readonly destinationCheck = 'gateway' as const;

  private readonly http: GatewayClient;

  constructor(private readonly settings: RazorpayXSettings) {
    this.http = new GatewayClient(this.name, settings.apiBase, `${settings.keyId}:${settings.keySecret}`);
  }

  async validateDestination(input: { reference: string; destination: PayoutDestination }): Promise<DestinationValidation> {
    const destination = input.destination;
    if (destination.market !== 'IN') throw new Error('RazorpayX pays Indian bank accounts and UPI IDs only');
    // https://razorpay.com/docs/api/x/contacts/create
    const contact = this.http.parse(
      z.object({ id }),
      expectOk(
        this.name,
        'contact',
        await this.http.call('POST', '/v1/contacts', {
          name: contactName(destination.holderName),
          type: 'customer',
          reference_id: input.reference,
        }),
      ),
      'contact',
    );
    // https://razorpay.com/docs/api/x/account-validation/bank-account/create-fund-account
    // https://razorpay.com/docs/api/x/account-validation/vpa/create-fund-account
    const fundAccount = this.http.parse(
      z.object({ id }),
      expectOk(
        this.name,
        'fund account',
        await this.http.call(
          'POST',
          '/v1/fund_accounts',
          destination.kind === 'bank'
            ? {
                contact_id: contact.id,
                account_type: 'bank_account',
                bank_account: { name: destination.holderName, ifsc: destination.ifsc, account_number: destination.accountNumber },
              }
            : { contact_id: contact.id, account_type: 'vpa', vpa: { address: destination.vpa } },
        ),
      ),
      'fund account',
    );
    // bank account: https://razorpay.com/docs/api/x/account-validation/bank-account ; UPI ID: https://razorpay.com/docs/api/x/account-validation/vpa
    const validation = expectOk(
      this.name,
      'fund account validation',
      await this.http.call(
        'POST',
        '/v1/fund_accounts/validations',
        destination.kind === 'bank'
          ? {
              account_number: this.settings.accountNumber,
              fund_account: { id: fundAccount.id },
              amount: VALIDATION_AMOUNT,
              currency: 'INR',
              notes: { reference: input.reference },
            }
          : { account_number: this.settings.accountNumber, fund_account: { id: fundAccount.id }, notes: { reference: input.reference } },
      ),
    );
    return this.validationOf(validation);
  }

  /** GET /v1/fund_accounts/validations/:id, listed among the account validation APIs — https://razorpay.com/docs/api/x/account-validation/ */
  async lookupValidation(input: { validationRef: string }): Promise<DestinationValidation> {
    const answer = expectOk(
      this.name,
      'fund account validation',
      await this.http.call('GET', `/v1/fund_accounts/validations/${encodeURIComponent(input.validationRef)}`),
    );
    return this.validationOf(answer);
  }

  private validationOf(body: unknown): DestinationValidation {
    const validation = this.http.parse(ValidationEntity, body, 'fund account validation');
    const base = { gatewayAccountId: validation.fund_account.id, validationRef: validation.id };
    if (validation.status === 'failed') {
      // a technical error, not a verdict on the account: the caller validates again later
      throw new GatewayError(this.name, 502, `fund account validation ${validation.id} failed for a technical reason`);
    }
    if (validation.status === 'created') return { ...base, status: 'pending', registeredName: null, reason: null };
    if (validation.results?.account_status === 'active') {
      return { ...base, status: 'valid', registeredName: validation.results.registered_name ?? null, reason: null };
    }
    return { ...base, status: 'invalid', registeredName: null, reason: 'RazorpayX: account_status invalid' };
  }

  async createPayout(input: NewPayout): Promise<PayoutState> {
    const destination = input.destination;
    if (destination.market !== 'IN') throw new Error('RazorpayX pays Indian bank accounts and UPI IDs only');
    if (!input.gatewayAccountId) throw new Error('a RazorpayX payout needs the fund account of a validated destination');
    if (!IDEMPOTENCY_KEY.test(input.idempotencyKey))
      throw new Error('a RazorpayX idempotency key is 4–36 letters, digits, hyphens, underscores or spaces');
    if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor < 100)
      throw new Error('a RazorpayX payout is a whole number of paise, ₹1 or more');
    const mode = destination.kind === 'upi' ? 'UPI' : 'IMPS';
    if (input.amountMinor > RazorpayXModeLimits[mode])
      throw new Error(`${input.amountMinor} paise is above the ${mode} limit of one payout`);
    // https://razorpay.com/docs/api/x/payouts/create/bank-account , …/create/vpa ; the header: https://razorpay.com/docs/api/x/payout-idempotency/make-request
    const answer = await this.http.call(
      'POST',
      '/v1/payouts',
      {
        account_number: this.settings.accountNumber,
        fund_account_id: input.gatewayAccountId,
        amount: input.amountMinor,
        currency: 'INR',
        mode,
        purpose: 'payout',
        queue_if_low_balance: true,
        reference_id: input.reference,
        narration: narrationOf(`Kilat loan ${input.reference}`),
        notes: { reference: input.reference, borrower: input.narration.slice(0, 200) },
      },
      { [RAZORPAYX_IDEMPOTENCY_HEADER]: input.idempotencyKey },
    );
    return razorpayXState(this.http.parse(PayoutEntity, expectOk(this.name, 'payout', answer), 'payout'));
  }

  async lookupPayout(input: PayoutLookup): Promise<PayoutState | 'not_found'> {
    if (input.gatewayPayoutId) {
      // https://razorpay.com/docs/api/x/payouts/fetch-with-id
      const answer = await this.http.call('GET', `/v1/payouts/${encodeURIComponent(input.gatewayPayoutId)}`);
      if (answer.status === 400 || answer.status === 404) return 'not_found';
      return razorpayXState(this.http.parse(PayoutEntity, expectOk(this.name, 'payout', answer), 'payout'));
    }
    // after a crash before the payout's id was stored: the payouts with our reference — https://razorpay.com/docs/api/x/payouts/fetch-all
    const query = new URLSearchParams({ account_number: this.settings.accountNumber, reference_id: input.reference });
    const answer = expectOk(this.name, 'payouts', await this.http.call('GET', `/v1/payouts?${query}`));
    const payouts = this.http
      .parse(Collection(PayoutEntity), answer, 'payouts')
      .items.filter((payout) => payout.reference_id === input.reference);
    if (payouts.length === 0) return 'not_found';
    // one reference is one attempt; should RazorpayX hold more, the newest is the one under way
    const newest = payouts.reduce((a, b) => (b.created_at > a.created_at ? b : a));
    return razorpayXState(newest);
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PayoutEvent | { ignored: string } | null {
    if (!razorpaySignatureHolds(this.settings.webhookSecret, rawBody, headers[RAZORPAY_SIGNATURE_HEADER])) return null;
    let envelope: z.infer<typeof EventEnvelope>;
    try {
      const parsed = EventEnvelope.safeParse(JSON.parse(rawBody.toString('utf8')));
      if (!parsed.success) return null;
      envelope = parsed.data;
    } catch {
      return null;
    }
    if (!envelope.event.startsWith('payout.')) return { ignored: envelope.event };
    const entity = PayoutEntity.safeParse((envelope.payload.payout as { entity?: unknown } | undefined)?.entity);
    if (!entity.success) return null;
    const payout = entity.data;
    if (!payout.reference_id) return { ignored: `${envelope.event} of a payout without our reference` };
    const header = headers[RAZORPAYX_EVENT_ID_HEADER];
    const eventId =
      typeof header === 'string' && header.length > 0 && header.length <= 128 ? header : `${envelope.event}:${payout.id}:${payout.status}`;
    return { id: eventId, reference: payout.reference_id, state: razorpayXState(payout, new Date(envelope.created_at * 1000)) };
  }

  /** The business account's payout debits and the credits of payouts coming back — https://razorpay.com/docs/api/x/transactions/fetch-all */
  async listTransactions(input: { from: Date; to: Date }): Promise<GatewayTransaction[]> {
    const PAGE = 100;
    const rows: GatewayTransaction[] = [];
    for (let skip = 0; ; skip += PAGE) {
      const query = new URLSearchParams({
        account_number: this.settings.accountNumber,
        from: String(Math.floor(input.from.getTime() / 1000)),
        to: String(Math.floor(input.to.getTime() / 1000)),
        count: String(PAGE),
        skip: String(skip),
      });
      const page = this.http.parse(
        Collection(TransactionEntity),
        expectOk(this.name, 'transactions', await this.http.call('GET', `/v1/transactions?${query}`)),
        'transactions',
      );
      for (const line of page.items) {
        if (line.source?.entity !== 'payout') continue;
        rows.push({
          gatewayPayoutId: line.source.id,
          reference: null,
          kind: line.debit > 0 ? 'payout' : 'reversal',
          amountMinor: line.source.amount ?? (line.debit > 0 ? line.debit : line.credit),
          occurredAt: new Date(line.created_at * 1000).toISOString(),
        });
      }
      if (page.items.length < PAGE) return rows;
    }
  }
}
