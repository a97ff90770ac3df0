/**
 * How a gateway event moves a payment (DESIGN §5): forward only, whatever order the events
 * arrive in. Paid, failed and expired are final, except that a success beats a failure or an
 * expiry: the money arrived, so it is posted. A success for a paid payment changes nothing.
 */
import type { PaymentStatus } from '../../db/schema.js';
import type { WebhookEventType } from './ports.js';

export type Transition = { to: PaymentStatus; post: boolean } | null;

const OPEN: readonly PaymentStatus[] = ['created', 'awaiting_code', 'submitted'];

export const transitionOf = (status: PaymentStatus, event: WebhookEventType): Transition => {
  switch (event) {
    case 'payment.pending':
      return status === 'created' || status === 'awaiting_code' ? { to: 'submitted', post: false } : null;
    case 'payment.succeeded':
      return status === 'paid' ? null : { to: 'paid', post: true };
    case 'payment.failed':
      return OPEN.includes(status) ? { to: 'failed', post: false } : null;
    case 'payment.expired':
      return OPEN.includes(status) ? { to: 'expired', post: false } : null;
  }
};
