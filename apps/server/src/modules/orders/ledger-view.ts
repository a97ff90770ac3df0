/** An order's ledger as operators read it: the complaint desk and the order page show the same replay. */
import { formatMoney } from '@kilat/contract';
import type { OrderLedgerView } from '@kilat/contract/console';
import type { OrderState } from './service.js';

/** The order's money as the one waterfall replays it: each row with what it paid, and what is owed by period. */
export const ledgerViewOf = ({ order, status, replay, ledger }: OrderState): OrderLedgerView => {
  const money = (minor: number) => formatMoney(minor, order.market);
  const allocationOf = new Map(replay.allocations.map((allocation) => [allocation.ledgerId, allocation]));
  return {
    orderNo: order.orderNo,
    status,
    outstanding: money(replay.outstandingMinor),
    penaltyOwed: money(replay.penaltyOwedMinor),
    periods: replay.periods.map((period) => ({
      periodNo: period.periodNo,
      dueDate: period.dueDate,
      fee: money(period.feeMinor),
      interest: money(period.interestMinor),
      principal: money(period.principalMinor),
      owed: money(period.owedMinor),
    })),
    rows: ledger.ledger.map((entry) => {
      const allocation = allocationOf.get(entry.id);
      const lines = (allocation?.lines ?? []).map(
        (line) => `${line.component}${line.periodNo === null ? '' : ` #${line.periodNo}`} ${money(line.amountMinor)}`,
      );
      if (allocation && allocation.remainderMinor > 0) lines.push(`overpaid ${money(allocation.remainderMinor)}`);
      return {
        id: entry.id,
        kind: entry.kind,
        businessDate: entry.businessDate,
        amount: money(entry.amountMinor),
        allocation: lines.join(', '),
      };
    }),
    pending: replay.accrued.map((penalty) => ({ businessDate: penalty.businessDate, amount: money(penalty.amountMinor) })),
  };
};
