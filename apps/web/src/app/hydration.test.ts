import { afterEach, describe, expect, it } from 'vitest';
import { saveComplaintOrder } from '@/features/complaints/complaint-rules';
import { canHydrate } from './hydration';

afterEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('hydrating the server-rendered page (decision 080)', () => {
  it('hydrates when the server rendered this path in this pack', () => {
    window.history.replaceState(null, '', '/loanDetails?orderId=5');
    expect(canHydrate('IN:/loanDetails', 'IN')).toBe(true);
  });

  it('renders afresh for another pack, another path, a hash route or no server render', () => {
    window.history.replaceState(null, '', '/loanDetails');
    expect(canHydrate('ID:/loanDetails', 'IN')).toBe(false);
    expect(canHydrate('IN:/', 'IN')).toBe(false);
    expect(canHydrate(undefined, 'IN')).toBe(false);
    // the server rendered '/', the browser shows the hash route
    window.history.replaceState(null, '', '/#/borrowDetail/?orderId=5');
    expect(canHydrate('IN:/', 'IN')).toBe(false);
  });

  it('renders the complaint entry afresh once the browser saved an order the server cannot see', () => {
    window.history.replaceState(null, '', '/complaint?orderId=5');
    expect(canHydrate('IN:/complaint', 'IN')).toBe(true);
    saveComplaintOrder('KLINDEMO0005');
    expect(canHydrate('IN:/complaint', 'IN')).toBe(false);
  });
});
