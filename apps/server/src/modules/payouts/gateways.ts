/**
 * The payout gateways of the app (issue 28, docs/decisions/126): the gateway each market's new
 * payouts and destination checks go to, every configured gateway by name (webhooks and payouts
 * already made name theirs), and the sink the sandbox tells its events to — the same application
 * function the payout webhook route calls after verifying a delivery, so the sandbox's events run
 * the same code as a real gateway's (never through app.inject).
 */
import { randomUUID } from 'node:crypto';
import type { Market } from '@kilat/contract';
import type { Config } from '../../config.js';
import type { Clock } from '../../lending/clock.js';
import { RazorpayXPayoutGateway } from '../payments/gateways/razorpay/payout-gateway.js';
import { SandboxPayoutGateway } from '../payments/gateways/sandbox/payout-gateway.js';
import { XenditPayoutGateway } from '../payments/gateways/xendit/payout-gateway.js';
import type { PayoutEventSink, PayoutGateway, PayoutState } from './ports.js';

export type { PayoutEventSink } from './ports.js';

export interface PayoutGateways {
  /** the gateway new payouts/validations of a market go to */
  for(market: Market): PayoutGateway;
  /** for webhooks and payouts already made */
  byName(name: string): PayoutGateway | undefined;
  /** the sandbox tells its events through this function, the same application function the webhook route calls (never app.inject) */
  connect(sink: PayoutEventSink): void;
}

export const createPayoutGateways = (config: Config, clock: Clock): PayoutGateways => {
  // the sandbox stays registered outside production for the payouts it already made; production refuses it (production-guard.ts)
  const sandbox = new SandboxPayoutGateway(config.payouts.webhookSecret, clock);
  const byName = new Map<string, PayoutGateway>([[sandbox.name, sandbox]]);
  if (config.payouts.razorpayx) {
    const razorpayx = new RazorpayXPayoutGateway(config.payouts.razorpayx);
    byName.set(razorpayx.name, razorpayx);
  }
  if (config.payouts.xendit) {
    const xendit = new XenditPayoutGateway(config.payouts.xendit);
    byName.set(xendit.name, xendit);
  }
  const chosen = (market: Market): PayoutGateway => {
    const gateway = byName.get(config.payouts.gateways[market]);
    if (!gateway) throw new Error(`the payout gateway ${config.payouts.gateways[market]} of ${market} is not configured`);
    return gateway;
  };
  // every market's gateway is resolved once here, so a misconfiguration stops the boot rather than the first payout
  const perMarket = { IN: chosen('IN'), ID: chosen('ID') } satisfies Record<Market, PayoutGateway>;
  return {
    for: (market) => perMarket[market],
    byName: (name) => byName.get(name),
    connect: (sink) => sandbox.connect(sink),
  };
};

/**
 * A payout attempt's idempotency key (decision 126): a random UUID, 36 characters, which both
 * RazorpayX (4–36 letters, digits, hyphens) and Xendit (1–100) take. Stored with the payout row
 * before the first call and sent again, unchanged, on every re-send of that attempt (a timeout, a
 * 5xx, a crash). A failed or reversed payout is final under its key at both gateways, so the next
 * attempt is a new row with a new key and a new reference.
 */
export const newPayoutIdempotencyKey = (): string => randomUUID();

/** A payout attempt's reference, the gateway's `reference_id`: the order's public number and the attempt (K123456-2). */
export const payoutReference = (orderPublicId: string, attempt: number): string => `${orderPublicId}-${attempt}`;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How long to wait before re-sending the same attempt (same key) whose call got no usable answer:
 * 1, 5, 15, 30 minutes, then hourly. A re-send is safe: the gateway answers the payout the key
 * already made.
 */
export const resendDelayMs = (tries: number): number => [MINUTE, 5 * MINUTE, 15 * MINUTE, 30 * MINUTE][tries - 1] ?? HOUR;

/**
 * How long to wait before a new attempt after a retryable failure (decision 126), by what the
 * gateway said: the lender's balance an hour (someone has to top it up); Xendit's temporary channel
 * error an hour and its unknown bank network error three (its remittance guidance: retry in 1–2 and
 * 1–3 hours); anything else retryable 30 minutes, doubling with each attempt, at most a day.
 */
export const retryDelayMs = (state: Pick<PayoutState, 'failureCode'>, attempt: number): number => {
  switch (state.failureCode) {
    case 'INSUFFICIENT_BALANCE':
    case 'TEMPORARY_TRANSFER_ERROR':
      return HOUR;
    case 'UNKNOWN_BANK_NETWORK_ERROR':
      return 3 * HOUR;
    default:
      return Math.min(30 * MINUTE * 2 ** Math.max(0, attempt - 1), 24 * HOUR);
  }
};
