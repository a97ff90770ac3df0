/**
 * The built-in sandbox payout gateway (issue 28, docs/decisions/126). It moves no money, but it
 * answers every duty of the payout port the way RazorpayX and Xendit do, decided by the LAST FOUR
 * DIGITS of the account number, of the UPI ID's local part, or of the e-wallet phone (docs/sandboxes.md lists them):
 *
 *   ends in  validation                                   payout
 *   ----     valid, registered name = the holder's       processed at once (a UTR given)
 *   9001     invalid (the account does not exist)         failed, final (INVALID_DESTINATION)
 *   9002     valid, registered "SANDBOX OTHER PERSON"     processed at once
 *   9003     valid                                        processing for 2 days (Kilat's clock), then processed
 *   9004     valid                                        processed at once, reversed 1 day later
 *   9005     valid                                        the first try fails, retryable (TEMPORARY_TRANSFER_ERROR:
 *                                                          the bank is offline); the next attempt (a new key) succeeds
 *   9006     valid                                        failed, final (ACCOUNT_CLOSED: closed or dormant)
 *   9007     valid                                        held for low balance on the lender's account
 *                                                          (processing) for 1 day, then processed
 *
 * Time-based states are computed from Kilat's clock against the instant the payout was made, which
 * its id carries (`spo_<outcome>_<unix seconds>_<key digest>`): any instance answers lookupPayout
 * for a stored id alike, after a restart too. Events are told only when asked (`announce`), through
 * the connected sink — the application function the webhook route calls — never through app.inject.
 *
 * What the sandbox remembers in memory (bounded, per process) is only what a real gateway would
 * know and Kilat cannot tell it: which idempotency keys it has answered (so the same key answers
 * the same payout — a failed one stays failed under its key, as RazorpayX documents — and a payout
 * can be found by its reference after our crash) and which 9005
 * destinations have had their one offline try. A second instance or a restart forgets them: the
 * same key then makes an equivalent payout again, and a 9005 destination fails once more before it
 * succeeds — still the retryable path, never money (there is none). Production refuses this
 * gateway (production-guard.ts).
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../../../lending/clock.js';
import type {
  DestinationValidation,
  GatewayTransaction,
  NewPayout,
  PayoutDestination,
  PayoutEvent,
  PayoutEventSink,
  PayoutGateway,
  PayoutLookup,
  PayoutState,
} from '../payout-port.js';
import { SIGNATURE_HEADER, signatureHeader, verifySignature } from './webhook-signature.js';

export const SANDBOX_PAYOUT_GATEWAY = 'sandbox';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The sandbox's outcomes, by the destination's last four digits. */
export const SandboxDestinations = {
  invalid: '9001',
  nameMismatch: '9002',
  slow: '9003',
  reversed: '9004',
  offlineOnce: '9005',
  closed: '9006',
  lowBalance: '9007',
} as const;

export const SANDBOX_OTHER_PERSON = 'SANDBOX OTHER PERSON';

/** How long the slow outcomes take, by Kilat's clock. */
export const SandboxPayoutTimings = {
  slowProcessingMs: 2 * DAY_MS,
  reversedAfterMs: 1 * DAY_MS,
  lowBalanceHeldMs: 1 * DAY_MS,
} as const;

/** The failure codes the sandbox answers (Xendit's names where Xendit has one). */
export const SandboxFailureCodes = {
  invalidDestination: 'INVALID_DESTINATION',
  temporaryTransferError: 'TEMPORARY_TRANSFER_ERROR',
  accountClosed: 'ACCOUNT_CLOSED',
} as const;

/** What a payout id says of the payout: its outcome, fixed when it was made. */
type Outcome = 'ok' | 'invalid' | 'slow' | 'reversed' | 'offline' | 'closed' | 'lowbalance';
const OUTCOMES: readonly Outcome[] = ['ok', 'invalid', 'slow', 'reversed', 'offline', 'closed', 'lowbalance'];

/** The digits that decide: the last four of the account number, the UPI ID's local part, or the wallet phone. */
export const decidingDigits = (destination: PayoutDestination): string => {
  const source =
    destination.kind === 'upi'
      ? (destination.vpa.split('@')[0] ?? '')
      : destination.kind === 'ewallet'
        ? destination.phone
        : destination.accountNumber;
  return source.replace(/\D/g, '').slice(-4);
};

/** The destination itself (for the 9005 memory), as a digest so no number is kept. */
const destinationDigest = (destination: PayoutDestination) => {
  const identity =
    destination.kind === 'upi'
      ? destination.vpa.toLowerCase()
      : destination.kind === 'ewallet'
        ? `${destination.channelCode}:${destination.phone}`
        : `${destination.market === 'IN' ? destination.ifsc : destination.channelCode}:${destination.accountNumber}`;
  return createHash('sha256').update(`${destination.market}:${destination.kind}:${identity}`).digest('hex').slice(0, 24);
};

const digest = (text: string, length = 16) => createHash('sha256').update(text).digest('hex').slice(0, length);

/** A 12-digit bank reference (the length of an IMPS/UPI UTR), the same for the same payout. */
const utrOf = (payoutId: string) => (BigInt(`0x${digest(`utr:${payoutId}`, 15)}`) % 10n ** 12n).toString().padStart(12, '0');

interface MadePayout {
  id: string;
  outcome: Outcome;
  createdAt: Date;
}

const parsePayoutId = (id: string): MadePayout | null => {
  const match = /^spo_([a-z]+)_(\d{1,12})_[0-9a-f]{16}$/.exec(id);
  if (!match || !OUTCOMES.includes(match[1] as Outcome)) return null;
  return { id, outcome: match[1] as Outcome, createdAt: new Date(Number(match[2]) * 1000) };
};

/** A bounded map: the oldest entries go first once it is full (a sandbox runs for days in development). */
class Bounded<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get(key: string) {
    return this.entries.get(key);
  }
  set(key: string, value: V) {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as string);
  }
  values() {
    return this.entries.values();
  }
}
const MEMORY_LIMIT = 10_000;

const PayoutStateSchema = z.object({
  status: z.enum(['processing', 'processed', 'failed', 'cancelled', 'reversed']),
  gatewayPayoutId: z.string().min(1).max(128),
  utr: z.string().max(64).nullable(),
  failureCode: z.string().max(64).nullable(),
  failureReason: z.string().max(200).nullable(),
  retryable: z.boolean(),
  occurredAt: z.string().max(64).nullable(),
});
const PayoutEventSchema = z.object({ id: z.string().min(1).max(128), reference: z.string().min(1).max(128), state: PayoutStateSchema });

const validationRefOf = (status: 'valid' | 'invalid', registeredName: string | null) =>
  `sval_${status}_${registeredName === null ? '' : Buffer.from(registeredName, 'utf8').toString('base64url')}`;

export class SandboxPayoutGateway implements PayoutGateway {
  readonly name = SANDBOX_PAYOUT_GATEWAY;
  readonly destinationCheck = 'gateway' as const;
  private sink: PayoutEventSink | null = null;
  /** idempotency key → the payout it made, and its reference */
  private readonly byKey = new Bounded<MadePayout & { reference: string; amountMinor: number; market: NewPayout['market'] }>(MEMORY_LIMIT);
  /** 9005 destinations whose one offline try has happened */
  private readonly triedOffline = new Bounded<true>(MEMORY_LIMIT);

  constructor(
    /** signs the deliveries verifyWebhook checks (the payments' webhook secret, the same scheme) */
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  /** The application function the payout webhook route calls; the sandbox's events go straight to it. */
  connect(sink: PayoutEventSink) {
    this.sink = sink;
  }

  async validateDestination(input: { reference: string; destination: PayoutDestination }): Promise<DestinationValidation> {
    const last4 = decidingDigits(input.destination);
    if (last4 === SandboxDestinations.invalid) {
      return {
        status: 'invalid',
        registeredName: null,
        gatewayAccountId: null,
        validationRef: validationRefOf('invalid', null),
        reason: 'account does not exist',
      };
    }
    const registeredName = last4 === SandboxDestinations.nameMismatch ? SANDBOX_OTHER_PERSON : input.destination.holderName;
    return {
      status: 'valid',
      registeredName,
      gatewayAccountId: `sfa_${destinationDigest(input.destination).slice(0, 16)}`,
      validationRef: validationRefOf('valid', registeredName),
      reason: null,
    };
  }

  /** The sandbox decides at once; asked again, it answers what its reference recorded. */
  async lookupValidation(input: { validationRef: string }): Promise<DestinationValidation> {
    const match = /^sval_(valid|invalid)_([A-Za-z0-9_-]*)$/.exec(input.validationRef);
    if (!match) throw new Error(`the sandbox made no validation ${input.validationRef}`);
    const registeredName = match[2] === '' ? null : Buffer.from(match[2]!, 'base64url').toString('utf8');
    return match[1] === 'valid'
      ? { status: 'valid', registeredName, gatewayAccountId: null, validationRef: input.validationRef, reason: null }
      : {
          status: 'invalid',
          registeredName: null,
          gatewayAccountId: null,
          validationRef: input.validationRef,
          reason: 'account does not exist',
        };
  }

  async createPayout(input: NewPayout): Promise<PayoutState> {
    if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
      throw new Error('a payout amount is a positive whole number of minor units');
    const known = this.byKey.get(input.idempotencyKey);
    // the same key answers the same payout, a failed one too: as RazorpayX and Xendit do, a new try after a failure needs a new key
    if (known) return this.stateOf(known);
    const payout: MadePayout = { ...this.decide(input.destination, input.idempotencyKey), createdAt: this.clock.now() };
    this.byKey.set(input.idempotencyKey, { ...payout, reference: input.reference, amountMinor: input.amountMinor, market: input.market });
    return this.stateOf(payout);
  }

  private decide(destination: PayoutDestination, key: string): { id: string; outcome: Outcome } {
    const last4 = decidingDigits(destination);
    let outcome: Outcome = 'ok';
    if (last4 === SandboxDestinations.invalid) outcome = 'invalid';
    else if (last4 === SandboxDestinations.slow) outcome = 'slow';
    else if (last4 === SandboxDestinations.reversed) outcome = 'reversed';
    else if (last4 === SandboxDestinations.closed) outcome = 'closed';
    else if (last4 === SandboxDestinations.lowBalance) outcome = 'lowbalance';
    else if (last4 === SandboxDestinations.offlineOnce) {
      const where = destinationDigest(destination);
      if (!this.triedOffline.get(where)) {
        this.triedOffline.set(where, true);
        outcome = 'offline';
      }
    }
    const seconds = Math.floor(this.clock.now().getTime() / 1000);
    return { id: `spo_${outcome}_${seconds}_${digest(`${key}:${outcome}:${seconds}`)}`, outcome };
  }

  /** The payout's state now, by Kilat's clock. */
  private stateOf(payout: MadePayout): PayoutState {
    const now = this.clock.now().getTime();
    const made = payout.createdAt.getTime();
    const base = { gatewayPayoutId: payout.id, utr: null, failureCode: null, failureReason: null, retryable: false, occurredAt: null };
    const processed = (at: number): PayoutState => ({
      ...base,
      status: 'processed',
      utr: utrOf(payout.id),
      occurredAt: new Date(at).toISOString(),
    });
    switch (payout.outcome) {
      case 'ok':
        return processed(made);
      case 'invalid':
        return {
          ...base,
          status: 'failed',
          failureCode: SandboxFailureCodes.invalidDestination,
          failureReason: 'the account does not exist',
          occurredAt: new Date(made).toISOString(),
        };
      case 'closed':
        return {
          ...base,
          status: 'failed',
          failureCode: SandboxFailureCodes.accountClosed,
          failureReason: 'the account is closed or dormant',
          occurredAt: new Date(made).toISOString(),
        };
      case 'offline':
        return {
          ...base,
          status: 'failed',
          failureCode: SandboxFailureCodes.temporaryTransferError,
          failureReason: "the beneficiary's bank is offline",
          retryable: true,
          occurredAt: new Date(made).toISOString(),
        };
      case 'slow':
        return now >= made + SandboxPayoutTimings.slowProcessingMs
          ? processed(made + SandboxPayoutTimings.slowProcessingMs)
          : { ...base, status: 'processing' };
      case 'lowbalance':
        return now >= made + SandboxPayoutTimings.lowBalanceHeldMs
          ? processed(made + SandboxPayoutTimings.lowBalanceHeldMs)
          : { ...base, status: 'processing', failureReason: "queued: low balance on the lender's account" };
      case 'reversed':
        return now >= made + SandboxPayoutTimings.reversedAfterMs
          ? {
              ...base,
              status: 'reversed',
              utr: utrOf(payout.id),
              failureReason: 'returned by the beneficiary bank',
              occurredAt: new Date(made + SandboxPayoutTimings.reversedAfterMs).toISOString(),
            }
          : processed(made);
    }
  }

  async lookupPayout(input: PayoutLookup): Promise<PayoutState | 'not_found'> {
    const stored = input.gatewayPayoutId === null ? null : parsePayoutId(input.gatewayPayoutId);
    if (stored) return this.stateOf(stored);
    const known = this.byKey.get(input.idempotencyKey);
    return known && known.reference === input.reference ? this.stateOf(known) : 'not_found';
  }

  /**
   * Tells the payout's state now through the connected sink, as its webhook would, and answers the
   * event. Its id is the payout's and the state's, so telling the same state twice is a duplicate.
   */
  async announce(payout: { reference: string; gatewayPayoutId: string }): Promise<PayoutEvent> {
    if (!this.sink) throw new Error('the sandbox payout gateway is not connected to the payout events');
    const made = parsePayoutId(payout.gatewayPayoutId);
    if (!made) throw new Error(`the sandbox made no payout ${payout.gatewayPayoutId}`);
    const state = this.stateOf(made);
    const event: PayoutEvent = { id: `spe_${digest(`${made.id}:${state.status}`, 24)}`, reference: payout.reference, state };
    await this.sink(this.name, event);
    return event;
  }

  /** A delivery as the webhook route would receive it from the sandbox: the event, signed (for tests of the route). */
  signedDelivery(event: PayoutEvent): { rawBody: string; headers: Record<string, string> } {
    const rawBody = JSON.stringify(event);
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    return {
      rawBody,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(this.secret, rawBody, timestamp) },
    };
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PayoutEvent | { ignored: string } | null {
    const nowSeconds = Math.floor(this.clock.now().getTime() / 1000);
    if (!verifySignature(this.secret, rawBody, headers[SIGNATURE_HEADER], nowSeconds)) return null;
    try {
      const parsed = PayoutEventSchema.safeParse(JSON.parse(rawBody.toString('utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /**
   * The payouts this process was asked to make and the reversals among them, by when the money
   * moved: its statement, answered from its own memory of what it paid (never from Kilat's tables),
   * so the daily reconciliation (modules/payouts/reconciliation.ts) compares two independent
   * accounts. That memory is per process and bounded (decision 126): after a restart, or on another
   * instance, it has forgotten earlier payouts and the reconciliation reports them missing at the
   * gateway — true of this sandbox, and how an operator sees what the check catches (decision 140).
   */
  async listTransactions(input: { from: Date; to: Date }): Promise<GatewayTransaction[]> {
    const from = input.from.getTime();
    const to = input.to.getTime();
    const within = (at: string | null): at is string => at !== null && Date.parse(at) >= from && Date.parse(at) < to;
    const rows: GatewayTransaction[] = [];
    for (const payout of this.byKey.values()) {
      const state = this.stateOf(payout);
      if (state.status !== 'processed' && state.status !== 'reversed') continue;
      const landed = new Date(
        payout.createdAt.getTime() +
          (payout.outcome === 'slow'
            ? SandboxPayoutTimings.slowProcessingMs
            : payout.outcome === 'lowbalance'
              ? SandboxPayoutTimings.lowBalanceHeldMs
              : 0),
      ).toISOString();
      if (within(landed))
        rows.push({
          gatewayPayoutId: payout.id,
          reference: payout.reference,
          kind: 'payout',
          amountMinor: payout.amountMinor,
          occurredAt: landed,
          market: payout.market,
        });
      if (state.status === 'reversed' && within(state.occurredAt)) {
        rows.push({
          gatewayPayoutId: payout.id,
          reference: payout.reference,
          kind: 'reversal',
          amountMinor: payout.amountMinor,
          occurredAt: state.occurredAt,
          market: payout.market,
        });
      }
    }
    return rows.sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
  }
}
