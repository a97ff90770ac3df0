import { Market } from '@kilat/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type BusinessDate, daysBetween } from './business-date.js';
import { Account, type BookOrder, chartOfAccounts, orderJournal, positionsOf } from './journal.js';
import { type LedgerRow, replayLedger } from './ledger-replay.js';
import { sum } from './money.js';

const START = '2026-11-01';

const order = (ledger: LedgerRow[], bankRowIds: number[] = [], periods = 1): BookOrder => ({
  terms: {
    market: Market.Indonesia,
    principalMinor: 1_000_000,
    pricing: { penalty: { kind: 'daily-capped', dailyBps: 10 }, totalCostCapBps: null },
    isRepeatClient: false,
  },
  periods: Array.from({ length: periods }, (_, i) => ({
    periodNo: i + 1,
    dueDate: addDays(START, 14 * (i + 1)),
    principalMinor: 1_000_000 / periods,
    interestMinor: 50_000 / periods,
    feeMinor: 30_000 / periods,
  })),
  ledger,
  bankRowIds: new Set(bankRowIds),
});

const dayTotal = (lines: { businessDate: BusinessDate; amountMinor: number }[], day: BusinessDate) =>
  sum(lines.filter((line) => line.businessDate === day).map((line) => line.amountMinor));

const of = (lines: ReturnType<typeof orderJournal>, account: Account) =>
  Object.fromEntries(lines.filter((line) => line.account === account).map((line) => [line.businessDate, line.amountMinor]));

describe('the daily journal', () => {
  it('books a payout as principal, interest and fee receivable against the bank and the income it earns', () => {
    const lines = orderJournal(order([{ id: 1, kind: 'disbursement', businessDate: START, amountMinor: 1_000_000 }]), START, START);
    expect(Object.fromEntries(lines.map((line) => [line.account, line.amountMinor]))).toEqual({
      [Account.CashBank]: -1_000_000,
      [Account.LoansReceivable]: 1_080_000,
      [Account.InterestIncome]: -50_000,
      [Account.FeeIncome]: -30_000,
    });
  });

  it('books a gateway repayment to gateway clearing, an offline one to the bank, and what was paid beyond the debt as refunds payable', () => {
    const book = order(
      [
        { id: 1, kind: 'disbursement', businessDate: START, amountMinor: 1_000_000 },
        { id: 2, kind: 'repayment', businessDate: '2026-11-05', amountMinor: 80_000 },
        { id: 3, kind: 'repayment', businessDate: '2026-11-06', amountMinor: 1_100_000 },
      ],
      [3],
    );
    const lines = orderJournal(book, START, '2026-11-30');
    expect(of(lines, Account.GatewayClearing)).toEqual({ '2026-11-05': 80_000 });
    expect(of(lines, Account.CashBank)).toEqual({ [START]: -1_000_000, '2026-11-06': 1_100_000 });
    expect(of(lines, Account.LoansReceivable)).toEqual({ [START]: 1_080_000, '2026-11-05': -80_000, '2026-11-06': -1_000_000 });
    expect(of(lines, Account.RefundsPayable)).toEqual({ '2026-11-06': -100_000 });
  });

  it('books a write-off as an expense and money received after it as a recovery, not as money owed back', () => {
    const book = order([
      { id: 1, kind: 'disbursement', businessDate: START, amountMinor: 1_000_000 },
      { id: 2, kind: 'penalty', businessDate: '2026-11-16', amountMinor: 1_000 },
      { id: 3, kind: 'write_off', businessDate: '2026-11-20', amountMinor: 1_081_000 },
      { id: 4, kind: 'repayment', businessDate: '2026-11-25', amountMinor: 200_000 },
    ]);
    const lines = orderJournal(book, START, '2026-11-30');
    expect(of(lines, Account.WriteOffExpense)).toEqual({ '2026-11-20': 1_081_000 });
    expect(of(lines, Account.Recoveries)).toEqual({ '2026-11-25': -200_000 });
    expect(of(lines, Account.RefundsPayable)).toEqual({});
    expect(positionsOf(book)[Account.LoansReceivable]).toBe(0);
  });

  it('undoes a reversed repayment on the day of its reversal', () => {
    const book = order([
      { id: 1, kind: 'disbursement', businessDate: START, amountMinor: 1_000_000 },
      { id: 2, kind: 'repayment', businessDate: '2026-11-05', amountMinor: 80_000 },
      { id: 3, kind: 'reversal', businessDate: '2026-11-07', amountMinor: 80_000, reverses: 2 },
    ]);
    const lines = orderJournal(book, '2026-11-02', '2026-11-30');
    expect(of(lines, Account.LoansReceivable)).toEqual({ '2026-11-05': -80_000, '2026-11-07': 80_000 });
    expect(of(lines, Account.GatewayClearing)).toEqual({ '2026-11-05': 80_000, '2026-11-07': -80_000 });
  });

  // a month of random activity, rows posted in any order of business date (value-dated), some reversed
  const activity = fc
    .record({
      periods: fc.constantFrom(1, 2, 4),
      events: fc.array(
        fc.record({
          day: fc.integer({ min: 0, max: 30 }),
          kind: fc.constantFrom(
            'repayment',
            'repayment',
            'penalty',
            'penalty',
            'penalty_waiver',
            'interest_waiver',
            'cost_waiver',
            'extension_fee',
            'write_off',
            'settlement_waiver',
            'refund',
            'refund_reversal',
            'reversal',
            'disbursement_reversal',
            'coupon_discount',
            'recovery',
          ),
          amountMinor: fc.integer({ min: 1, max: 700_000 }),
          bank: fc.boolean(),
          pick: fc.nat(),
        }),
        { maxLength: 40 },
      ),
    })
    .map(({ periods, events }) => {
      const rows: LedgerRow[] = [{ id: 1, kind: 'disbursement', businessDate: START, amountMinor: 1_000_000 }];
      const bank: number[] = [];
      // as production writes: a payout comes back within days, and a loan whose payout came back accrues no penalty
      const payoutReturned = events.some((event) => event.kind === 'disbursement_reversal');
      for (const event of events) {
        const id = rows.length + 1;
        const businessDate = addDays(START, event.day);
        if (event.kind === 'penalty' && (payoutReturned || event.day <= 14)) continue;
        if (event.kind === 'disbursement_reversal' && (event.day > 5 || rows.some((row) => row.kind === 'disbursement_reversal'))) continue;
        if (event.kind === 'reversal') {
          const reversible = rows.filter((row) => ['repayment', 'penalty', 'penalty_waiver', 'write_off'].includes(row.kind));
          const target = reversible[event.pick % Math.max(reversible.length, 1)];
          if (!target || rows.some((row) => row.kind === 'reversal' && row.reverses === target.id)) continue;
          rows.push({ id, kind: 'reversal', businessDate, amountMinor: target.amountMinor, reverses: target.id });
        } else if (event.kind === 'extension_fee') {
          rows.push({ id, kind: 'extension_fee', businessDate, amountMinor: event.amountMinor, days: 7, periods: [1] });
        } else if (event.kind === 'disbursement_reversal') {
          rows.push({ id, kind: 'disbursement_reversal', businessDate, amountMinor: 1_000_000 });
        } else if (event.kind === 'coupon_discount') {
          // a coupon's discount (decision 250), split between fee and interest as its rule splits it
          const feeMinor = event.pick % (event.amountMinor + 1);
          rows.push({
            id,
            kind: 'coupon_discount',
            businessDate,
            amountMinor: event.amountMinor,
            feeMinor,
            interestMinor: event.amountMinor - feeMinor,
          });
        } else if (event.kind === 'recovery') {
          // money received on a written-off loan (decision 238): production posts it only after a write-off
          if (!rows.some((row) => row.kind === 'write_off')) continue;
          rows.push({ id, kind: 'recovery', businessDate, amountMinor: event.amountMinor });
        } else {
          rows.push({ id, kind: event.kind, businessDate, amountMinor: event.amountMinor });
        }
        if (event.bank) bank.push(id);
      }
      return order(rows, bank, periods);
    });

  it('balances to zero every day of a month of random activity, and its receivable is what the replay says is owed', () => {
    fc.assert(
      fc.property(activity, (book) => {
        const end = addDays(START, 30);
        const lines = orderJournal(book, START, end);
        for (let day = START; daysBetween(day, end) >= 0; day = addDays(day, 1)) {
          expect(dayTotal(lines, day)).toBe(0);
          const receivable = sum(
            lines
              .filter((line) => line.account === Account.LoansReceivable && daysBetween(line.businessDate, day) >= 0)
              .map((l) => l.amountMinor),
          );
          const replay = replayLedger({
            terms: book.terms,
            periods: book.periods,
            ledger: book.ledger.filter((row) => daysBetween(row.businessDate, day) >= 0),
          });
          expect(receivable).toBe(replay.reversed ? 0 : replay.outstandingMinor);
          // each account's lines add up to its position: the journal ties to the ledger
          const positions = positionsOf(book, day);
          for (const { code } of chartOfAccounts) {
            const total = sum(lines.filter((l) => l.account === code && daysBetween(l.businessDate, day) >= 0).map((l) => l.amountMinor));
            expect(total).toBe(positions[code]);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
