import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '../../db/schema.js';
import type { WebhookEventType } from './ports.js';
import { transitionOf } from './transitions.js';

const statuses: PaymentStatus[] = ['created', 'awaiting_code', 'submitted', 'paid', 'failed', 'expired'];
const events: WebhookEventType[] = ['payment.pending', 'payment.succeeded', 'payment.failed', 'payment.expired'];

/** Applies events in order from a status; returns the end status and how many postings happened. */
const run = (from: PaymentStatus, sequence: WebhookEventType[]) => {
  let status = from;
  let postings = 0;
  for (const event of sequence) {
    const transition = transitionOf(status, event);
    if (!transition) continue;
    status = transition.to;
    if (transition.post) postings += 1;
  }
  return { status, postings };
};

describe('payment transitions on gateway events', () => {
  it('never moves a paid payment, whatever comes after', () => {
    for (const event of events) expect(transitionOf('paid', event)).toBeNull();
  });

  it('lets a success win over a failure or an expiry, because the money arrived', () => {
    expect(transitionOf('failed', 'payment.succeeded')).toEqual({ to: 'paid', post: true });
    expect(transitionOf('expired', 'payment.succeeded')).toEqual({ to: 'paid', post: true });
  });

  it('moves pending forward only from before submission', () => {
    expect(transitionOf('created', 'payment.pending')).toEqual({ to: 'submitted', post: false });
    expect(transitionOf('awaiting_code', 'payment.pending')).toEqual({ to: 'submitted', post: false });
    for (const status of ['submitted', 'failed', 'expired'] as const) expect(transitionOf(status, 'payment.pending')).toBeNull();
  });

  it('posts at most once and ends paid for any order of events that contains a success', () => {
    const orders: WebhookEventType[][] = [
      ['payment.succeeded', 'payment.pending'],
      ['payment.failed', 'payment.succeeded'],
      ['payment.expired', 'payment.succeeded', 'payment.failed'],
      ['payment.succeeded', 'payment.succeeded', 'payment.expired'],
      ['payment.pending', 'payment.failed', 'payment.pending', 'payment.succeeded', 'payment.succeeded'],
    ];
    for (const from of statuses.filter((status) => status !== 'paid')) {
      for (const sequence of orders)
        expect(run(from, sequence), `${from}: ${sequence.join(', ')}`).toEqual({ status: 'paid', postings: 1 });
    }
  });

  it('ends failed or expired, posting nothing, when no success arrives', () => {
    expect(run('submitted', ['payment.pending', 'payment.failed', 'payment.pending'])).toEqual({ status: 'failed', postings: 0 });
    expect(run('submitted', ['payment.expired', 'payment.failed'])).toEqual({ status: 'expired', postings: 0 });
  });
});
