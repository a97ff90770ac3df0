/**
 * The payout gateways of the app (issue 28, docs/decisions/126): the gateway each market's new
 * payouts and destination checks go to, every configured gateway by name (webhooks and payouts
 * already made name theirs), and the sink the sandbox tells its events to — the same application
 * function the payout webhook route calls after verifying a delivery, so the sandbox's events run
 * the same code as a real gateway's (never through app.inject).
 */
import type { Market } from '@kilat/contract';
import type { Config } from '../../config.js';
import type { Clock } from '../../lending/clock.js';
import { SandboxPayoutGateway } from '../payments/gateways/sandbox/payout-gateway.js';
import type { PayoutEventSink, PayoutGateway } from './ports.js';

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
