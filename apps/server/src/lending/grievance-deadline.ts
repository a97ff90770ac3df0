/**
 * How long the lender has to answer a complaint, and when the borrower may take it further (issue 49,
 * decision 221). Pure: dates in, dates out.
 * - India (RBI Integrated Ombudsman Scheme 2021, clause 10): the borrower may go to the RBI
 *   Ombudsman when the lender has not resolved the complaint within 30 days of receiving it, or
 *   resolved it to their dissatisfaction. Thirty calendar days: the scheme counts days, not working days.
 * - Indonesia (POJK 22/2023 on consumer protection, art. 39–40): the lender answers within 10
 *   working days of a complete complaint, extendable once by 10 more working days with the reason
 *   told to the consumer; then OJK's consumer portal or LAPS SJK.
 * Working days skip Saturdays, Sundays and the market's public holidays (public-holidays.ts).
 */
import { Market } from '@kilat/contract';
import { addDays, type BusinessDate, daysBetween, weekdayOf } from './business-date.js';
import { isPublicHoliday } from './public-holidays.js';

export const GrievanceRule = {
  /** India: calendar days before the ombudsman may be approached */
  indiaDays: 30,
  /** Indonesia: working days to answer, and once more if extended */
  indonesiaWorkingDays: 10,
  indonesiaExtensionWorkingDays: 10,
  /** the desk is warned this many calendar days before a deadline passes */
  escalateDaysBefore: 3,
} as const;

export const isWorkingDay = (date: BusinessDate, market: Market): boolean => {
  const weekday = weekdayOf(date);
  return weekday !== 0 && weekday !== 6 && !isPublicHoliday(date, market);
};

/** The date `days` working days after `date` (the day of receipt itself does not count). */
export const addMarketWorkingDays = (date: BusinessDate, days: number, market: Market): BusinessDate => {
  let day = date;
  for (let counted = 0; counted < days; ) {
    day = addDays(day, 1);
    if (isWorkingDay(day, market)) counted += 1;
  }
  return day;
};

/** The last day the lender has to resolve (India) or answer (Indonesia) a complaint received on `receivedOn`. */
export const grievanceDeadline = (market: Market, receivedOn: BusinessDate, extended = false): BusinessDate =>
  market === Market.India
    ? addDays(receivedOn, GrievanceRule.indiaDays)
    : addMarketWorkingDays(
        receivedOn,
        GrievanceRule.indonesiaWorkingDays + (extended ? GrievanceRule.indonesiaExtensionWorkingDays : 0),
        market,
      );

export interface GrievanceClock {
  /** the last day of the lender's time */
  deadline: BusinessDate;
  /** calendar days from today to the deadline; 0 on the day itself, negative once it has passed */
  daysLeft: number;
  /** the borrower may go to the regulator's scheme now: the deadline passed unanswered, or the answer closed it */
  mayEscalate: boolean;
  /** the desk should act now: the deadline is near or past and the complaint is not answered */
  needsEscalation: boolean;
}

/** Where a complaint stands against its deadline today. `answeredOn`: the day it was answered or closed, if it was. */
export const grievanceClock = (
  market: Market,
  receivedOn: BusinessDate,
  today: BusinessDate,
  options: { extended?: boolean; answeredOn?: BusinessDate | null } = {},
): GrievanceClock => {
  const deadline = grievanceDeadline(market, receivedOn, options.extended ?? false);
  const daysLeft = daysBetween(today, deadline);
  const answered = options.answeredOn !== undefined && options.answeredOn !== null;
  return {
    deadline,
    daysLeft,
    mayEscalate: answered || daysLeft < 0,
    needsEscalation: !answered && daysLeft <= GrievanceRule.escalateDaysBefore,
  };
};
