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
    expect(canHydrate('IN:/loanDetails', 'IN', 'en-IN', 'en-IN')).toBe(true);
  });

  it('renders afresh for another pack, another path, a hash route or no server render', () => {
    window.history.replaceState(null, '', '/loanDetails');
    expect(canHydrate('ID:/loanDetails', 'IN', 'en-IN', 'en-IN')).toBe(false);
    expect(canHydrate('IN:/', 'IN', 'en-IN', 'en-IN')).toBe(false);
    expect(canHydrate(undefined, 'IN', 'en-IN', 'en-IN')).toBe(false);
    // the server rendered '/', the browser shows the hash route
    window.history.replaceState(null, '', '/#/borrowDetail/?orderId=5');
    expect(canHydrate('IN:/', 'IN', 'en-IN', 'en-IN')).toBe(false);
  });

  it('renders afresh when the server wrote another language than the borrower chose (decision 111)', () => {
    window.history.replaceState(null, '', '/loanDetails?orderId=5');
    expect(canHydrate('IN:/loanDetails', 'IN', 'en-IN', 'id-ID')).toBe(false);
    expect(canHydrate('IN:/loanDetails', 'IN', 'id-ID', 'id-ID')).toBe(true);
  });

  it('renders the complaint entry afresh once the browser saved an order the server cannot see', () => {
    window.history.replaceState(null, '', '/complaint?orderId=5');
    expect(canHydrate('IN:/complaint', 'IN', 'en-IN', 'en-IN')).toBe(true);
    saveComplaintOrder('KLINDEMO0005');
    expect(canHydrate('IN:/complaint', 'IN', 'en-IN', 'en-IN')).toBe(false);
  });
});
