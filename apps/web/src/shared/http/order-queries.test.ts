import { describe, expect, it } from 'vitest';
import { forgetOrderQueries, markOrderQueriesStale } from './order-queries';
import { createQueryClient } from './query-client';

describe('forgetOrderQueries', () => {
  it('forgets what a payment changes (loan details, the plan, the code) and keeps the rest', async () => {
    const client = createQueryClient();
    const details = ['loanDetails', { productId: '1', orderId: '9' }];
    const plan = ['installmentPlan', { productId: '1', orderId: '9' }];
    const code = ['generateVirtualAccount', { orderId: '9' }];
    const contact = ['contactInfo', {}];
    for (const key of [details, plan, code, contact]) client.setQueryData(key, { cached: true });

    await forgetOrderQueries(client);

    expect(client.getQueryData(details)).toBeUndefined();
    expect(client.getQueryData(plan)).toBeUndefined();
    expect(client.getQueryData(code)).toBeUndefined();
    expect(client.getQueryData(contact)).toEqual({ cached: true });
  });
});

describe('markOrderQueriesStale', () => {
  it('marks what a payment changes stale and keeps its data until a page asks again; the rest stays fresh', async () => {
    const client = createQueryClient();
    const details = ['loanDetails', { productId: '1', orderId: '9' }];
    const contact = ['contactInfo', {}];
    for (const key of [details, contact]) client.setQueryData(key, { cached: true });

    await markOrderQueriesStale(client);

    expect(client.getQueryState(details)?.isInvalidated).toBe(true);
    expect(client.getQueryData(details)).toEqual({ cached: true });
    expect(client.getQueryState(contact)?.isInvalidated).toBe(false);
  });
});
