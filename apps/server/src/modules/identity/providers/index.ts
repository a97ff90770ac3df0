/**
 * The KYC providers of the app (decision 151): the provider each market's new checks go to and
 * every configured provider by name (checks already made name theirs). The sandbox stays
 * registered outside production; production refuses it (production-guard.ts).
 */
import type { Market } from '@kilat/contract';
import type { Config } from '../../../config.js';
import type { Clock } from '../../../lending/clock.js';
import type { IdentityProvider, IdentityProviders } from '../ports.js';
import { CashfreeIdentityProvider } from './cashfree.js';
import { SandboxIdentityProvider } from './sandbox.js';
import { TrustDecisionIdentityProvider } from './trustdecision.js';

export const createIdentityProviders = (config: Config, clock: Clock): IdentityProviders => {
  const sandbox = new SandboxIdentityProvider(clock);
  const byName = new Map<string, IdentityProvider>([[sandbox.name, sandbox]]);
  if (config.identity.cashfree) byName.set('cashfree', new CashfreeIdentityProvider(config.identity.cashfree));
  if (config.identity.trustdecision) byName.set('trustdecision', new TrustDecisionIdentityProvider(config.identity.trustdecision));
  const chosen = (market: Market): IdentityProvider => {
    const provider = byName.get(config.identity.providers[market]);
    if (!provider) throw new Error(`the KYC provider ${config.identity.providers[market]} of ${market} is not configured`);
    return provider;
  };
  // resolved once here, so a misconfiguration stops the boot rather than the first check
  const perMarket = { IN: chosen('IN'), ID: chosen('ID') } satisfies Record<Market, IdentityProvider>;
  return { for: (market) => perMarket[market], byName: (name) => byName.get(name) };
};
