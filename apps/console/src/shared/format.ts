/** Dates, times and names as operators read them: each time in its market's zone, named. */
import { type Market, MarketTimeZone, OrderStatus } from '@kilat/contract';

/** Where a time is read: a borrower's market (its zone, as the borrower sees it), or UTC for the operators' own records. */
export type TimeZoneOf = Market | 'UTC';

const ZONE: Record<TimeZoneOf, { zone: string; label: string }> = {
  IN: { zone: MarketTimeZone.IN, label: 'IST' },
  ID: { zone: MarketTimeZone.ID, label: 'WIB' },
  UTC: { zone: 'UTC', label: 'UTC' },
};

const formats = new Map<TimeZoneOf, Intl.DateTimeFormat>();

/** `26 Nov 2026, 14:05 IST`: the market's wall clock and the zone's name, whatever the operator's browser says. */
export const formatDateTime = (iso: string, where: TimeZoneOf) => {
  let format = formats.get(where);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE[where].zone });
    formats.set(where, format);
  }
  return `${format.format(new Date(iso))} ${ZONE[where].label}`;
};

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
