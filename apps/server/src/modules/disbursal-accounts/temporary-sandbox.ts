/**
 * TEMPORARY (accounts branch, until `payout-gateways` lands): the validation half of the payout
 * sandbox of PAYOUTS-PLAN.md, so this module runs before the registry exists. Removed on merging
 * `payout-gateways`, whose `createPayoutGateways` replaces it.
 */
import type { Market } from '@kilat/contract';
import type { DestinationValidation, PayoutDestination } from '../payouts/ports.js';
import type { DestinationGateways } from './service.js';

const lastFour = (destination: PayoutDestination): string => {
  const value =
    destination.kind === 'upi'
      ? (destination.vpa.split('@')[0] ?? '')
      : destination.kind === 'ewallet'
        ? destination.phone
        : destination.accountNumber;
  return value.slice(-4);
};

const sandbox = {
  name: 'sandbox',
  async validateDestination({
    reference,
    destination,
  }: {
    reference: string;
    destination: PayoutDestination;
  }): Promise<DestinationValidation> {
    const ends = lastFour(destination);
    if (ends === '9001')
      return {
        status: 'invalid',
        registeredName: null,
        gatewayAccountId: null,
        validationRef: reference,
        reason: 'account does not exist',
      };
    const registeredName = ends === '9002' ? 'SANDBOX OTHER PERSON' : destination.holderName;
    const gatewayAccountId = destination.market === 'IN' ? `fa_sandbox_${reference}` : null;
    return { status: 'valid', registeredName, gatewayAccountId, validationRef: reference, reason: null };
  },
  async lookupValidation({ validationRef }: { validationRef: string }): Promise<DestinationValidation> {
    return { status: 'pending', registeredName: null, gatewayAccountId: null, validationRef, reason: null };
  },
};

export const temporarySandboxGateways: DestinationGateways = {
  for: (_market: Market) => sandbox,
  byName: (name: string) => (name === 'sandbox' ? sandbox : undefined),
};
