/** The complaint desk's clock (spec §2: a reply within 3 weekdays): pure, in the market's own time zone. */
import type { Market } from '@kilat/contract';
import { ComplaintSla, type SlaState } from '@kilat/contract/console/browser';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

// India and Indonesia (Jakarta) keep no daylight saving: a fixed offset is the zone
const OFFSET_MS: Record<Market, number> = { IN: 5.5 * HOUR_MS, ID: 7 * HOUR_MS };

const isWeekend = (instant: number, market: Market) => {
  const day = new Date(instant + OFFSET_MS[market]).getUTCDay();
  return day === 0 || day === 6;
};

/** The deadline: the same local time after `weekdays` weekdays; Saturdays and Sundays do not count. */
export const slaDueAt = (createdAt: Date, market: Market, weekdays: number = ComplaintSla.weekdays): Date => {
  let due = createdAt.getTime();
  let counted = 0;
  while (counted < weekdays) {
    due += DAY_MS;
    if (!isWeekend(due, market)) counted += 1;
  }
  return new Date(due);
};

/** Open complaints are ok, due soon or overdue; replied ones met or missed their deadline. */
export const slaState = (dueAt: Date, now: Date, repliedAt: Date | null): SlaState => {
  if (repliedAt) return repliedAt.getTime() <= dueAt.getTime() ? 'met' : 'missed';
  const left = dueAt.getTime() - now.getTime();
  if (left < 0) return 'overdue';
  return left <= ComplaintSla.dueSoonHours * HOUR_MS ? 'dueSoon' : 'ok';
};
