import { describe, expect, it } from 'vitest';
import { liveRows } from './ledger-replay.js';
import { penaltiesAfter, valueDateRefusal } from './value-date.js';

const ledger = [
  { id: 1, kind: 'disbursement' as const, businessDate: '2026-09-01', amountMinor: 500_000 },
  { id: 2, kind: 'penalty' as const, businessDate: '2026-12-02', amountMinor: 100_000 },
  { id: 3, kind: 'penalty' as const, businessDate: '2026-12-03', amountMinor: 25_000 },
  { id: 4, kind: 'penalty' as const, businessDate: '2026-12-04', amountMinor: 25_000 },
  { id: 5, kind: 'reversal' as const, businessDate: '2026-12-05', amountMinor: 25_000, reverses: 4 },
];
const at = { payoutOn: '2026-09-01', today: '2026-12-07', ledger };

describe('an offline repayment’s value date', () => {
  it('is any day from the payout to today', () => {
    for (const receivedOn of ['2026-09-01', '2026-11-30', '2026-12-07']) expect(valueDateRefusal({ ...at, receivedOn })).toBeNull();
  });

  it('refuses a day before the payout, naming it; a day after today; and what is not a date', () => {
    expect(valueDateRefusal({ ...at, receivedOn: '2020-01-01' })).toEqual({ reason: 'beforePayout', payoutOn: '2026-09-01' });
    expect(valueDateRefusal({ ...at, receivedOn: '2026-12-08' })).toEqual({ reason: 'afterToday', today: '2026-12-07' });
    expect(valueDateRefusal({ ...at, receivedOn: '2026-02-30' })?.reason).toBe('notADate');
  });

  it('refuses a day before a write-off that still stands, and not one before a reversed write-off', () => {
    const writtenOff = [...ledger, { id: 6, kind: 'write_off' as const, businessDate: '2026-12-06', amountMinor: 1 }];
    expect(valueDateRefusal({ ...at, ledger: writtenOff, receivedOn: '2026-12-05' })).toEqual({
      reason: 'beforeClosingPosting',
      postedOn: '2026-12-06',
    });
    const undone = [...writtenOff, { id: 7, kind: 'reversal' as const, businessDate: '2026-12-07', amountMinor: 1, reverses: 6 }];
    expect(valueDateRefusal({ ...at, ledger: undone, receivedOn: '2026-12-05' })).toBeNull();
  });

  it('restates the penalties still standing after the value date, not those on it or reversed already', () => {
    expect(penaltiesAfter(ledger, '2026-12-02').map((row) => row.id)).toEqual([3]);
  });

  it('reads a reversed row and its reversal as if neither had been posted', () => {
    expect(liveRows(ledger).map((row) => row.id)).toEqual([1, 2, 3]);
  });
});
