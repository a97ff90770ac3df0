/**
 * The payout port (issue 28): defined beside its adapters in modules/payments/gateways/payout-port.ts,
 * so the adapters import nothing of this module and the payouts module imports them without an
 * import cycle (docs/decisions/061). Code of the payouts module imports it from here.
 */
export type * from '../payments/gateways/payout-port.js';
