/**
 * Due reminders (issue 12, decision 046): an SMS in the borrower's language 3 days and 1 day
 * before the due date in force of the oldest unpaid period, on the due date and on the first
 * overdue day. Each is sent once per order, period, due date and kind (the outbox's dedupe key:
 * an extension moves the due date, so the new date gets its own reminders), and only between
 * 08:00 and 19:00 local time of the market (India's fair-practice code): a run before 08:00 holds
 * the message until 08:00, a message still undelivered at 19:00 is dropped, and a run after 19:00
 * leaves the day alone. Collections (issue 46): a borrower with a flag that stops contact gets none;
 * the overdue reminder keeps to the borrower's own collection hours too (Indonesia: their zone, no
 * Sunday, no national holiday), so on a day that allows none it is not sent. The overdue reminder
 * states what is owed and the late fees in it, and catches up as the penalties do (issue 48): a loan
 * found past its due date after the first overdue day (the job was down, the clock jumped) still gets it, once.
 */
import { formatMoney, interpolate, type Locale, localeOf, Market, type MessageKey, OrderStatus, wallClock } from '@kilat/contract';
import { inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.js';
import { borrowers, type Order, orders } from '../../db/schema.js';
import { dayCount, textIn } from '../../http/language.js';
import { addDays, type BusinessDate } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { contactWindowWithin } from '../../lending/contact-conduct.js';
import { currentPeriod, type LedgerReplay, overdueDaysOn } from '../../lending/ledger-replay.js';
import { stoppedBorrowers, zonesOf } from '../collections/contact-rules.js';
import { amountOwedToday } from '../ledger/replay.js';
import { recordMessage } from '../messages/repository.js';
import type { OrdersService } from '../orders/service.js';
import type { SmsOutbox } from '../sms/outbox.js';
import type { Job } from './scheduler.js';

export const DUE_REMINDERS_JOB = 'due-reminders';

/** Sends are allowed from 08:00 to 19:00 local time. */
export const SEND_FROM_HOUR = 8;
export const SEND_UNTIL_HOUR = 19;

export type ReminderKind = 'in3days' | 'tomorrow' | 'today' | 'overdue';

/** Days from today to the due date, for each reminder. */
const REMINDERS: readonly { kind: ReminderKind; daysToDue: number; text: MessageKey }[] = [
  { kind: 'in3days', daysToDue: 3, text: 'reminderDueIn3Days' },
  { kind: 'tomorrow', daysToDue: 1, text: 'reminderDueTomorrow' },
  { kind: 'today', daysToDue: 0, text: 'reminderDueToday' },
  { kind: 'overdue', daysToDue: -1, text: 'reminderOverdue' },
];
const OVERDUE = REMINDERS.at(-1)!;

/** Statuses of an order that still owes (DESIGN §4). */
const OWING: ReadonlySet<OrderStatus> = new Set([
  OrderStatus.Disbursed,
  OrderStatus.DueSoon,
  OrderStatus.Overdue,
  OrderStatus.InstallmentPartlyPaid,
  OrderStatus.Extended,
]);

/** The market's wall-clock time of an instant, read as if it were UTC (so the difference is the zone's offset). */
const wallClockAsUtc = (instant: Date, market: Market): number => {
  const c = wallClock(instant, market);
  return Date.UTC(Number(c.year), Number(c.month) - 1, Number(c.day), Number(c.hour), Number(c.minute), Number(c.second));
};

/** The instant a business date's wall-clock hour happens in the market (neither market has daylight saving). */
export const localHourOn = (date: BusinessDate, hour: number, market: Market): Date => {
  const guess = Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  const offset = wallClockAsUtc(new Date(guess), market) - guess;
  return new Date(guess - offset);
};

/** The day's sending window: [08:00, 19:00) local on the market's business date of `now`. */
export const sendingWindow = (now: Date, market: Market, today: BusinessDate) => ({
  opensAt: localHourOn(today, SEND_FROM_HOUR, market),
  closesAt: localHourOn(today, SEND_UNTIL_HOUR, market),
  isClosedForTheDay: now.getTime() >= localHourOn(today, SEND_UNTIL_HOUR, market).getTime(),
});

export const reminderKey = (orderId: number, periodNo: number, dueDate: BusinessDate, kind: ReminderKind) =>
  `reminder:${orderId}:${periodNo}:${dueDate}:${kind}`;

export interface DueRemindersDeps {
  db: Db;
  clock: Clock;
  orders: OrdersService;
  outbox: SmsOutbox;
}

interface Candidate {
  orderId: number;
  periodNo: number;
  dueDate: BusinessDate;
}

/**
 * Per market, one set-based read finds the periods of open, disbursed orders due on a day a
 * reminder is for; the replayed ledger (OrdersService.states) then keeps only a period that is the
 * oldest still owing, of an order still owing, before its SMS is written.
 */
export class DueReminders {
  constructor(private readonly deps: DueRemindersDeps) {}

  async run(now: Date): Promise<Record<string, number>> {
    const result: Record<string, number> = { candidates: 0, enqueued: 0, alreadySent: 0, notOwing: 0, stopped: 0, outsideHours: 0 };
    for (const market of [Market.India, Market.Indonesia]) {
      const today = this.deps.clock.today(market);
      const window = sendingWindow(now, market, today);
      if (window.isClosedForTheDay) continue;
      const candidates = await this.candidates(market, today, now);
      result.candidates! += candidates.length;
      if (candidates.length === 0) continue;

      const ids = candidates.map((candidate) => candidate.orderId);
      const rows = await this.deps.db
        .select({ order: orders, phone: borrowers.phone })
        .from(orders)
        .innerJoin(borrowers, sql`${borrowers.id} = ${orders.borrowerId}`)
        .where(inArray(orders.id, ids));
      const phoneOf = new Map(rows.map((row) => [row.order.id, row.phone]));
      const statuses = new Map((await this.deps.orders.states(rows.map((row) => row.order))).map((entry) => [entry.order.id, entry]));
      const locale: Locale = localeOf(market);
      const borrowerIds = [...new Set(rows.map((row) => row.order.borrowerId))];
      const stopped = await stoppedBorrowers(this.deps.db, borrowerIds);
      const zones = await zonesOf(
        this.deps.db,
        borrowerIds.map((id) => ({ id, market })),
      );

      for (const candidate of candidates) {
        const entry = statuses.get(candidate.orderId);
        const phone = phoneOf.get(candidate.orderId);
        // the replayed ledger says which period is owed now: a period paid ahead, or one behind an older unpaid one, gets none
        const current = entry ? currentPeriod(entry.replay) : null;
        if (
          !entry ||
          !phone ||
          !OWING.has(entry.status) ||
          current?.periodNo !== candidate.periodNo ||
          current.dueDate !== candidate.dueDate
        ) {
          result.notOwing! += 1;
          continue;
        }
        if (stopped.has(entry.order.borrowerId)) {
          result.stopped! += 1;
          continue;
        }
        // past its due date: the overdue reminder, also when the first overdue day went by without one
        const reminder =
          candidate.dueDate < today ? OVERDUE : REMINDERS.find((each) => addDays(today, each.daysToDue) === candidate.dueDate)!;
        const dedupeKey = reminderKey(candidate.orderId, candidate.periodNo, candidate.dueDate, reminder.kind);
        // an overdue reminder is a collection message: the borrower's own hours, days and holidays (issue 46)
        const allowed = reminder.kind === 'overdue' ? contactWindowWithin(market, zones.get(entry.order.borrowerId)!, window) : window;
        if (!allowed || now.getTime() >= allowed.closesAt.getTime()) {
          result.outsideHours! += 1;
          continue;
        }
        const notBefore = now < allowed.opensAt ? allowed.opensAt : now;
        // one event feeds both: the SMS and the message centre's message commit together (decision 108)
        const written = await this.deps.db.transaction(async (tx) => {
          const owed = reminder.kind === 'overdue' ? overdueFigures(entry.order, entry.replay, today) : null;
          const sms = await this.deps.outbox.enqueue(
            {
              market,
              phone,
              purpose: 'reminder',
              body: reminderText(locale, reminder.text, entry.order, candidate.dueDate, owed),
            },
            { dedupeKey, notBefore, notAfter: allowed.closesAt },
            tx,
          );
          await recordMessage(tx, {
            borrowerId: entry.order.borrowerId,
            orderId: entry.order.id,
            kind: reminder.kind === 'overdue' ? 'overdue' : 'dueSoon',
            params: {
              orderNo: entry.order.orderNo,
              date: candidate.dueDate,
              days: reminder.daysToDue,
              ...(owed ? { amountMinor: owed.amountMinor, penaltyMinor: owed.penaltyMinor, overdueDays: owed.overdueDays } : {}),
            },
            idempotencyKey: `message:${dedupeKey}`,
            shownAt: notBefore,
          });
          return sms;
        });
        if (written) result.enqueued! += 1;
        else result.alreadySent! += 1;
      }
    }
    return result;
  }

  /**
   * Each open, disbursed order's periods due today to 3 days ahead, and those past due whose overdue
   * reminder was not written yet (it catches up), in one statement; the replay picks the one owed now.
   */
  private async candidates(market: Market, today: BusinessDate, now: Date): Promise<Candidate[]> {
    const to = addDays(today, 3);
    const wanted = new Set(REMINDERS.map((reminder) => addDays(today, reminder.daysToDue)));
    const found = await this.deps.db.execute(sql`
      SELECT p.order_id, p.period_no, p.due_date::text AS due_date
      FROM order_periods p
      JOIN orders o ON o.id = p.order_id
      WHERE o.market = ${market} AND o.closed_on IS NULL AND o.disbursed_at IS NOT NULL AND o.disbursed_at <= ${now}
        AND p.due_date <= ${to}::date
        AND (p.due_date >= ${today}::date OR NOT EXISTS (
          SELECT 1 FROM sms_outbox s
          WHERE s.dedupe_key = 'reminder:' || p.order_id || ':' || p.period_no || ':' || p.due_date::text || ':overdue'))
      ORDER BY p.order_id, p.due_date, p.period_no`);
    return rowsOf<{ order_id: string | number; period_no: number; due_date: string }>(found)
      .map((row) => ({ orderId: Number(row.order_id), periodNo: Number(row.period_no), dueDate: row.due_date }))
      .filter((candidate) => candidate.dueDate < today || wanted.has(candidate.dueDate));
  }
}

/** What an overdue loan owes today (loan details' 'Amount due'), the late fees in it and how many days late. */
export const overdueFigures = (order: Order, replay: LedgerReplay, today: BusinessDate) => ({
  amountMinor: amountOwedToday(order, replay, today).askedMinor,
  penaltyMinor: replay.penaltyOwedMinor,
  overdueDays: overdueDaysOn(replay, today),
});

export const reminderText = (
  locale: Locale,
  key: MessageKey,
  order: Order,
  dueDate: BusinessDate,
  owed: ReturnType<typeof overdueFigures> | null,
) =>
  interpolate(textIn(locale, key), {
    orderNo: order.orderNo,
    date: dueDate,
    ...(owed
      ? {
          overdueFor: dayCount(locale, owed.overdueDays),
          amount: formatMoney(owed.amountMinor, order.market),
          penalty: formatMoney(owed.penaltyMinor, order.market),
        }
      : {}),
  });

export const dueRemindersJob = (reminders: DueReminders, everyMs: number): Job => ({
  name: DUE_REMINDERS_JOB,
  everyMs,
  run: ({ now }) => reminders.run(now),
});
