/**
 * Xendit Payouts v2, Indonesia's payout gateway (issue 28, docs/decisions/126 and 127), built to
 * Xendit's public API documentation (the page of each call is named beside it). HTTP Basic auth
 * with the account's secret key as the user name and an empty password, against
 * https://api.xendit.co.
 *
 * - A payout names its destination in full each time: `channel_code` (ID_BCA, ID_OVO …, the
 *   contract's IndonesiaDisbursalChannels), `channel_properties.account_number` and
 *   `account_holder_name`. Amounts are whole rupiah: our sen are divided by 100 and an amount with
 *   sen is refused before Xendit is asked. The `Idempotency-key` header carries the stored key,
 *   the same for every re-send of one attempt.
 * - States: ACCEPTED, REQUESTED and PENDING_COMPLIANCE_ASSESSMENT are our 'processing';
 *   SUCCEEDED is 'processed'; FAILED and COMPLIANCE_REJECTED 'failed'; CANCELLED; REVERSED (after a
 *   success, the bank bounced it). The failure code decides whether a new attempt may follow.
 * - Destinations: Xendit's current Payouts API documents no account or name check, so the number
 *   is checked against the channel's documented shape and the first payout confirms it
 *   (destinationCheck 'first_payout', decision 127).
 * - Webhooks carry the dashboard's verification token in `x-callback-token` (compared in constant
 *   time); the payload has no event id, so one is made of the event and the payout's id.
 */
import { disbursalNumberProblem } from '@kilat/contract';
import { z } from 'zod';
import type { XenditPayoutSettings } from '../../../../config.js';
import { expectOk, GatewayClient, sameSecret } from '../gateway-http.js';
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

export const XENDIT_PAYOUT_GATEWAY = 'xendit';
/** https://docs.xendit.co/apidocs/payout-webhook: "Xendit attach x-callback-token header" */
export const XENDIT_CALLBACK_TOKEN_HEADER = 'x-callback-token';
/** https://docs.xendit.co/apidocs/create-payout: "Idempotency-key", 1–100 characters */
export const XENDIT_IDEMPOTENCY_HEADER = 'Idempotency-key';
/** the validation reference of a destination that only its first payout can confirm */
export const XENDIT_FIRST_PAYOUT_REF = 'xendit:first-payout';

const SEN_PER_RUPIAH = 100;

/** Our sen as Xendit's whole rupiah; a fraction of a rupiah cannot be sent. */
export const senToRupiah = (amountMinor: number): number => {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor % SEN_PER_RUPIAH !== 0) {
    throw new Error(`${amountMinor} sen is not a whole, positive number of rupiah: Xendit pays IDR in whole rupiah`);
  }
  return amountMinor / SEN_PER_RUPIAH;
};

const rupiahToSen = (rupiah: number) => Math.round(rupiah * SEN_PER_RUPIAH);

/**
 * The payout's status — https://docs.xendit.co/docs/payout-status-lifecycle (the cash-only READY,
 * LOCKED and EXPIRED never reach a bank or e-wallet payout, but are read rather than refused)
 */
const XENDIT_STATUS = {
  ACCEPTED: 'processing',
  PENDING_COMPLIANCE_ASSESSMENT: 'processing',
  REQUESTED: 'processing',
  READY: 'processing',
  LOCKED: 'processing',
  SUCCEEDED: 'processed',
  FAILED: 'failed',
  COMPLIANCE_REJECTED: 'failed',
  EXPIRED: 'failed',
  CANCELLED: 'cancelled',
  REVERSED: 'reversed',
} as const satisfies Record<string, PayoutStatus>;

/**
 * The failure codes Xendit documents (https://docs.xendit.co/apidocs/get-payout) and whether a new
 * attempt may follow: the lender's balance and the channel's temporary errors pass; a destination
 * that does not exist, a request Xendit calls fatal, and a recipient who cannot receive the amount
 * do not.
 */
export const XenditFailureRetryable: Readonly<Record<string, boolean>> = {
  INSUFFICIENT_BALANCE: true,
  TEMPORARY_TRANSFER_ERROR: true,
  REJECTED_BY_CHANNEL: true,
  UNKNOWN_BANK_NETWORK_ERROR: true,
  INVALID_DESTINATION: false,
  TRANSFER_ERROR: false,
  DESTINATION_MAXIMUM_LIMIT: false,
};

/** https://docs.xendit.co/apidocs/get-payout */
const XenditPayout = z.object({
  id: z.string().min(1).max(64),
  amount: z.number().nonnegative(),
  channel_code: z.string().max(64),
  currency: z.string().max(8),
  status: z.enum(Object.keys(XENDIT_STATUS) as [keyof typeof XENDIT_STATUS, ...(keyof typeof XENDIT_STATUS)[]]),
  reference_id: z.string().min(1).max(255),
  created: z.string().max(64),
  updated: z.string().max(64).nullish(),
  failure_code: z.string().max(64).nullish(),
});
type XenditPayout = z.infer<typeof XenditPayout>;

/** https://docs.xendit.co/apidocs/payout-webhook */
const XenditWebhook = z.object({
  event: z.string().max(64),
  business_id: z.string().max(64).nullish(),
  created: z.string().max(64).nullish(),
  data: z.unknown(),
});

/** https://docs.xendit.co/apidocs/list-transactions (fields as in github.com/xendit/xendit-go transaction.go) */
const XenditTransaction = z.object({
  id: z.string().min(1).max(64),
  product_id: z.string().max(64),
  type: z.string().max(40),
  status: z.string().max(20),
  reference_id: z.string().max(255).nullish(),
  amount: z.number().nonnegative(),
  created: z.string().max(64),
  updated: z.string().max(64).nullish(),
});
const XenditTransactionPage = z.object({ has_more: z.boolean(), data: z.array(XenditTransaction) });

const iso = (text: string | null | undefined) => {
  if (!text) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
};

/** Our state of a Xendit payout. */
export const xenditState = (payout: XenditPayout): PayoutState => {
  const status = XENDIT_STATUS[payout.status];
  const failureCode =
    status === 'failed' || status === 'reversed'
      ? (payout.failure_code ?? (payout.status === 'COMPLIANCE_REJECTED' ? 'COMPLIANCE_REJECTED' : null))
      : null;
  return {
    status,
    gatewayPayoutId: payout.id,
    // Xendit's payout object carries no bank transfer reference; its id is the one to quote
    utr: null,
    failureCode,
    failureReason: failureCode,
    retryable: status === 'failed' && failureCode !== null && XenditFailureRetryable[failureCode] === true,
    occurredAt: status === 'processed' || status === 'reversed' ? iso(payout.updated ?? payout.created) : null,
  };
};

const destinationNumber = (destination: Extract<PayoutDestination, { market: 'ID' }>) =>
  (destination.kind === 'ewallet' ? destination.phone : destination.accountNumber).replace(/[\s-]/g, '');

export class XenditPayoutGateway implements PayoutGateway {
  readonly name = XENDIT_PAYOUT_GATEWAY;
  readonly destinationCheck = 'first_payout' as const;

  private readonly http: GatewayClient;

  constructor(private readonly settings: XenditPayoutSettings) {
    this.http = new GatewayClient(this.name, settings.apiBase, `${settings.secretKey}:`);
  }

  /** The number's shape for its channel only (decision 127): 'invalid' when it does not fit, else 'pending' until the first payout. */
  async validateDestination(input: { reference: string; destination: PayoutDestination }): Promise<DestinationValidation> {
    const destination = input.destination;
    if (destination.market !== 'ID') throw new Error('Xendit pays Indonesian bank accounts and e-wallets here');
    const problem = disbursalNumberProblem(destination.channelCode, destinationNumber(destination));
    const base = { registeredName: null, gatewayAccountId: null };
    if (problem)
      return { ...base, status: 'invalid', validationRef: null, reason: `number does not fit ${destination.channelCode}: ${problem}` };
    return { ...base, status: 'pending', validationRef: XENDIT_FIRST_PAYOUT_REF, reason: null };
  }

  async lookupValidation(input: { validationRef: string }): Promise<DestinationValidation> {
    if (input.validationRef !== XENDIT_FIRST_PAYOUT_REF) throw new Error(`Xendit made no validation ${input.validationRef}`);
    return { status: 'pending', registeredName: null, gatewayAccountId: null, validationRef: XENDIT_FIRST_PAYOUT_REF, reason: null };
  }

  async createPayout(input: NewPayout): Promise<PayoutState> {
    const destination = input.destination;
    if (destination.market !== 'ID') throw new Error('Xendit pays Indonesian bank accounts and e-wallets here');
    if (input.idempotencyKey.length < 1 || input.idempotencyKey.length > 100)
      throw new Error('a Xendit idempotency key is 1–100 characters');
    const accountNumber = destinationNumber(destination);
    const problem = disbursalNumberProblem(destination.channelCode, accountNumber);
    if (problem) throw new Error(`the destination does not fit ${destination.channelCode}: ${problem}`);
    // https://docs.xendit.co/apidocs/create-payout
    const answer = await this.http.call(
      'POST',
      '/v2/payouts',
      {
        reference_id: input.reference,
        channel_code: destination.channelCode,
        channel_properties: { account_number: accountNumber, account_holder_name: destination.holderName },
        amount: senToRupiah(input.amountMinor),
        currency: 'IDR',
        description: `Kilat loan ${input.reference}`,
      },
      { [XENDIT_IDEMPOTENCY_HEADER]: input.idempotencyKey },
    );
    // a re-send whose first answer was lost: Xendit may call the key used — the payout it made is found by our reference
    // (https://docs.xendit.co/api-payouts-beta/payouts-errors/: DUPLICATE_TRANSACTION_ERROR)
    const code = (answer.body as { error_code?: unknown }).error_code;
    if (answer.status >= 400 && (code === 'DUPLICATE_TRANSACTION_ERROR' || code === 'DUPLICATE_ERROR')) {
      const made = await this.lookupPayout({ reference: input.reference, idempotencyKey: input.idempotencyKey, gatewayPayoutId: null });
      if (made !== 'not_found') return made;
    }
    return xenditState(this.http.parse(XenditPayout, expectOk(this.name, 'payout', answer), 'payout'));
  }

  async lookupPayout(input: PayoutLookup): Promise<PayoutState | 'not_found'> {
    if (input.gatewayPayoutId) {
      // https://docs.xendit.co/apidocs/get-payout
      const answer = await this.http.call('GET', `/v2/payouts/${encodeURIComponent(input.gatewayPayoutId)}`);
      if (answer.status === 404) return 'not_found';
      return xenditState(this.http.parse(XenditPayout, expectOk(this.name, 'payout', answer), 'payout'));
    }
    // https://docs.xendit.co/apidocs/get-all-payouts: an array, empty when Xendit has none with this reference
    const answer = await this.http.call('GET', `/v2/payouts?${new URLSearchParams({ reference_id: input.reference })}`);
    if (answer.status === 404) return 'not_found';
    const payouts = this.http
      .parse(z.array(XenditPayout), expectOk(this.name, 'payouts', answer), 'payouts')
      .filter((payout) => payout.reference_id === input.reference);
    if (payouts.length === 0) return 'not_found';
    const newest = payouts.reduce((a, b) => (Date.parse(b.created) > Date.parse(a.created) ? b : a));
    return xenditState(newest);
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PayoutEvent | { ignored: string } | null {
    if (!sameSecret(headers[XENDIT_CALLBACK_TOKEN_HEADER], this.settings.callbackToken)) return null;
    let webhook: z.infer<typeof XenditWebhook>;
    try {
      const parsed = XenditWebhook.safeParse(JSON.parse(rawBody.toString('utf8')));
      if (!parsed.success) return null;
      webhook = parsed.data;
    } catch {
      return null;
    }
    if (!['payout.succeeded', 'payout.failed', 'payout.reversed'].includes(webhook.event)) return { ignored: webhook.event };
    const payout = XenditPayout.safeParse(webhook.data);
    if (!payout.success) return null;
    // the payload has no id of its own: a re-delivery of the same event about the same payout is the same event
    return { id: `${webhook.event}:${payout.data.id}`, reference: payout.data.reference_id, state: xenditState(payout.data) };
  }

  /** The balance's disbursements between two instants, a reversed one as its payout and its return — https://docs.xendit.co/apidocs/list-transactions */
  async listTransactions(input: { from: Date; to: Date }): Promise<GatewayTransaction[]> {
    const rows: GatewayTransaction[] = [];
    let afterId: string | null = null;
    for (;;) {
      const query = new URLSearchParams({
        types: 'DISBURSEMENT',
        'created[gte]': input.from.toISOString(),
        'created[lte]': input.to.toISOString(),
        limit: '50',
      });
      if (afterId) query.set('after_id', afterId);
      const page = this.http.parse(
        XenditTransactionPage,
        expectOk(this.name, 'transactions', await this.http.call('GET', `/transactions?${query}`)),
        'transactions',
      );
      for (const line of page.data) {
        if (line.type !== 'DISBURSEMENT' || (line.status !== 'SUCCESS' && line.status !== 'REVERSED')) continue;
        const base = { gatewayPayoutId: line.product_id, reference: line.reference_id ?? null, amountMinor: rupiahToSen(line.amount) };
        rows.push({ ...base, kind: 'payout', occurredAt: iso(line.created) ?? line.created });
        if (line.status === 'REVERSED')
          rows.push({ ...base, kind: 'reversal', occurredAt: iso(line.updated ?? line.created) ?? line.created });
      }
      const last = page.data.at(-1);
      if (!page.has_more || !last) return rows;
      afterId = last.id;
    }
  }
}
