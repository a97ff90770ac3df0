/** Dates, times and names as operators read them: each time in its market's zone, named. */
import { type Market, OrderStatus } from '@kilat/contract';
import { consoleDate, consoleDateTime } from '@kilat/contract/console/browser';

/** Where a time is read: a borrower's market (its zone, as the borrower sees it), or UTC for the operators' own records. */
export type TimeZoneOf = Market | 'UTC';

/** `26 Nov 2026, 14:05 IST`: the market's wall clock and the zone's name, whatever the operator's browser says (decision 279). */
export const formatDateTime = (iso: string, where: TimeZoneOf) => consoleDateTime(iso, where);

/** `26 Nov 2026`: a business date (`2026-11-26`) or an instant's day in the market's zone; the console's one date format (decision 279). */
export const formatDate = (value: string, where: TimeZoneOf = 'UTC') => consoleDate(value, where);

/** A date that may be missing: `—` then. */
export const formatDateOrDash = (value: string | null | undefined, where: TimeZoneOf = 'UTC') => (value ? consoleDate(value, where) : '—');

const SLA_LABEL = { ok: 'On time', dueSoon: 'Due soon', overdue: 'Overdue', met: 'Met', missed: 'Missed' } as const;
export const slaLabel = (state: keyof typeof SLA_LABEL) => SLA_LABEL[state];

export const STATUS_LABEL = { open: 'Open', replied: 'Replied', closed: 'Closed' } as const;

export const MARKET_LABEL = { IN: 'India', ID: 'Indonesia' } as const;

/** An order's status by name, with its code for those who know the codes (spec §2, §4). */
const ORDER_STATUS_NAME: Record<OrderStatus, string> = {
  [OrderStatus.UnderReview]: 'Under review',
  [OrderStatus.Rejected]: 'Rejected or cancelled',
  [OrderStatus.Disbursing]: 'Disbursing',
  [OrderStatus.Disbursed]: 'Disbursed',
  [OrderStatus.DueSoon]: 'Due soon',
  [OrderStatus.Overdue]: 'Overdue',
  [OrderStatus.InstallmentPartlyPaid]: 'Instalments partly paid',
  [OrderStatus.Extended]: 'Extended',
  [OrderStatus.Settled]: 'Settled',
  [OrderStatus.ClosedEarly]: 'Closed early',
};

export const orderStatusName = (status: number) => `${ORDER_STATUS_NAME[status as OrderStatus] ?? 'Unknown status'} (${status})`;
