/**
 * A collector's desk (issue 46 §2–4): the queue, the case page and what is done on a case — a
 * contact logged, a promise, a collection SMS, a flag — each checked against the conduct rules
 * first; a refusal says why and is audited too.
 */

import { formatMoney, interpolate, localeOf, PagePaths } from '@kilat/contract';
import type { CaseListItem, CasePage } from '@kilat/contract/console';
import {
  type CollectionSmsTemplate,
  type ContactChannel,
  type ContactOutcome,
  type ContactStopKind,
  can,
  Permission,
} from '@kilat/contract/console';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.js';
import { borrowers, type Order, operators } from '../../db/schema.js';
import { dayCount, textIn } from '../../http/language.js';
import { daysBetween } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { conductRefusal, contactZoneOf, localTimeIn } from '../../lending/contact-conduct.js';
import { overdueDaysOn } from '../../lending/ledger-replay.js';
import { promiseKeptOn, promiseOutcome } from '../../lending/promise-to-pay.js';
import { appendAudit } from '../audit/append.js';
import { amountOwedToday } from '../ledger/replay.js';
import type { OrderState, OrdersService } from '../orders/service.js';
import type { SmsOutbox } from '../sms/outbox.js';
import type { ContactClock } from './contact-clock.js';
import { citiesOf } from './contact-rules.js';
import { type Actor, agencyNamedBefore, CollectionsError } from './shared.js';
import {
  type CollectionCase,
  caseAllocations,
  collectionCases,
  collectionContacts,
  collectionSettings,
  collectors,
  contactStops,
  orderClassifications,
  promisesToPay,
  settlements,
} from './tables.js';

export const QUEUE_PAGE_SIZE = 50;

export interface CaseDeskDeps {
  db: Db;
  clock: Clock;
  orders: OrdersService;
  outbox: SmsOutbox;
  publicBaseUrl: string;
  /** the instant contact is judged at: the clock, or the sandbox's moved one (decision 214) */
  contactNow: ContactClock;
}

const SMS_TEXT = { reminder: 'collectionSmsReminder', final_notice: 'collectionSmsFinalNotice' } as const;

export interface QueueQuery {
  scope: 'mine' | 'all' | 'unallocated';
  collectorId?: number | undefined;
  market?: 'IN' | 'ID' | undefined;
  stage?: string | undefined;
  orderNo?: string | undefined;
  minDays?: number | undefined;
  maxDays?: number | undefined;
  promise?: 'due-today' | 'broken' | 'open' | 'follow-up-due' | undefined;
  status: 'open' | 'closed';
  closeReason?: string | undefined;
  page: number;
}

export class CaseDesk {
  constructor(private readonly deps: CaseDeskDeps) {}

  private manages = (actor: Actor) => can(actor.operator.role, Permission.CollectionsManage);

  /** The queue: broken promises first, then promises due today, then the most owed × days past due. */
  async queue(actor: Actor, query: QueueQuery): Promise<{ list: CaseListItem[]; total: number }> {
    const conditions = [query.status === 'open' ? sql`c.closed_on IS NULL` : sql`c.closed_on IS NOT NULL`];
    const scope = this.manages(actor) ? query.scope : 'mine';
    if (scope === 'mine') conditions.push(sql`k.operator_id = ${actor.operator.id}`);
    if (scope === 'unallocated') conditions.push(sql`c.collector_id IS NULL`);
    if (scope === 'all' && query.collectorId) conditions.push(sql`c.collector_id = ${query.collectorId}`);
    if (query.market) conditions.push(sql`c.market = ${query.market}`);
    if (query.stage) conditions.push(sql`c.stage_code = ${query.stage}`);
    if (query.orderNo) conditions.push(sql`o.order_no = ${query.orderNo}`);
    if (query.minDays !== undefined) conditions.push(sql`c.days_past_due >= ${query.minDays}`);
    if (query.maxDays !== undefined) conditions.push(sql`c.days_past_due <= ${query.maxDays}`);
    if (query.closeReason) conditions.push(sql`c.close_reason = ${query.closeReason}`);
    // a follow-up is due from the start of its day to the end of the market's today (the latest contact's, until the next contact)
    const { today, dayEnd } = this.marketDays();
    if (query.promise === 'broken') conditions.push(sql`p.status = 'broken'`);
    if (query.promise === 'open') conditions.push(sql`p.status = 'open'`);
    if (query.promise === 'due-today') conditions.push(sql`p.status = 'open' AND p.promised_on = ${today}`);
    if (query.promise === 'follow-up-due') conditions.push(sql`f.follow_up_at IS NOT NULL`);
    const where = sql.join(conditions, sql` AND `);
    // issue 52, decision 257: the queue is chosen from the cases alone, each with its latest open or broken promise
    // (one hash join over those few promises, not a lookup per case), joined to its collector or order only when a
    // filter names them; the names, the order number and the stop flag are read for the page's rows alone. Joining
    // every open case to its order, borrower and promise before the sort grew with the book (100,000 overdue)
    const from = sql`
      FROM collection_cases c
      LEFT JOIN (
        SELECT DISTINCT ON (case_id) case_id, status, promised_on, amount_minor FROM promises_to_pay
        WHERE status IN ('open', 'broken')
        ORDER BY case_id, (status = 'open') DESC, id DESC
      ) p ON p.case_id = c.id
      LEFT JOIN (
        -- each case's standing follow-up: one set on a contact no operator's contact has followed since; read from the
        -- few contacts that set one (a partial index), not probed once per open case
        SELECT DISTINCT ON (cc.case_id) cc.case_id, cc.follow_up_at FROM collection_contacts cc
        WHERE cc.follow_up_at IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM collection_contacts later WHERE later.case_id = cc.case_id AND later.id > cc.id
            AND later.operator_id IS NOT NULL)
        ORDER BY cc.case_id, cc.id DESC
      ) f ON f.case_id = c.id AND f.follow_up_at < ${dayEnd}
      ${scope === 'mine' ? sql`JOIN collectors k ON k.id = c.collector_id` : sql``}
      ${query.orderNo ? sql`JOIN orders o ON o.id = c.order_id` : sql``}`;
    const [found, totals] = await Promise.all([
      this.deps.db.execute(sql`
        WITH page AS (
          SELECT c.id, p.status AS promise_status, p.promised_on, p.amount_minor AS promise_minor,
            (p.status = 'broken') IS TRUE AS broken, (p.status = 'open' AND p.promised_on = ${today}) IS TRUE AS due_today,
            f.follow_up_at AS follow_up_due, c.owed_minor * c.days_past_due AS weight
          ${from}
          WHERE ${where}
          ORDER BY broken DESC, due_today DESC, (f.follow_up_at IS NOT NULL) DESC, f.follow_up_at, weight DESC, c.id
          LIMIT ${QUEUE_PAGE_SIZE} OFFSET ${(query.page - 1) * QUEUE_PAGE_SIZE}
        )
        SELECT c.*, c.opened_on::text AS opened, c.closed_on::text AS closed, c.retained_until::text AS retained,
          o.order_no, b.name AS borrower_name, op.id AS collector_operator, op.name AS collector_name,
          page.promise_status, page.promised_on::text AS promised_on, page.promise_minor, page.due_today, page.follow_up_due,
          EXISTS (SELECT 1 FROM contact_stops s WHERE s.borrower_id = c.borrower_id AND s.lifted_at IS NULL) AS stopped
        FROM page
        JOIN collection_cases c ON c.id = page.id
        JOIN orders o ON o.id = c.order_id
        JOIN borrowers b ON b.id = c.borrower_id
        LEFT JOIN collectors ck ON ck.id = c.collector_id
        LEFT JOIN operators op ON op.id = ck.operator_id
        ORDER BY page.broken DESC, page.due_today DESC, (page.follow_up_due IS NOT NULL) DESC, page.follow_up_due, page.weight DESC, c.id`),
      this.deps.db.execute(sql`SELECT count(*) AS n ${from} WHERE ${where}`),
    ]);
    const list = rowsOf<Record<string, unknown>>(found).map((row) => listItemOf(row));
    return { list, total: Number(rowsOf<{ n: string | number }>(totals)[0]?.n ?? 0) };
  }

  /** A case the actor may work: their own, or any for a supervisor. */
  private async caseFor(actor: Actor, caseId: number, tx: Db = this.deps.db): Promise<CollectionCase> {
    const [kase] = await tx.select().from(collectionCases).where(eq(collectionCases.id, caseId));
    if (!kase) throw CollectionsError.notFound();
    if (!this.manages(actor)) {
      const [mine] = await tx
        .select({ id: collectors.id })
        .from(collectors)
        .where(and(eq(collectors.id, kase.collectorId ?? 0), eq(collectors.operatorId, actor.operator.id)));
      if (!mine) throw CollectionsError.role();
    }
    return kase;
  }

  private async stateOf(kase: CollectionCase, tx?: Db): Promise<OrderState> {
    const order = (await this.deps.orders.repository.findById(kase.orderId))!;
    return this.deps.orders.withStatus(order, tx);
  }

  private repayLink(order: Order) {
    return `${this.deps.publicBaseUrl.replace(/\/$/, '')}${PagePaths.loanDetails}?orderId=${order.id}&productId=${order.productId}`;
  }

  async page(actor: Actor, caseId: number): Promise<CasePage> {
    const { db, clock } = this.deps;
    const kase = await this.caseFor(actor, caseId);
    const contactNow = await this.deps.contactNow();
    const state = await this.stateOf(kase);
    const { order, replay } = state;
    const today = clock.today(order.market);
    const owed = amountOwedToday(order, replay, today);
    await this.decidePromises(kase, state);
    const [borrower] = await db.select().from(borrowers).where(eq(borrowers.id, kase.borrowerId));
    const city = (await citiesOf(db, [kase.borrowerId])).get(kase.borrowerId) ?? null;
    const zone = contactZoneOf(order.market, city);
    const money = (minor: number) => formatMoney(minor, order.market);
    const sum = (pick: (period: (typeof replay.periods)[number]) => number) =>
      replay.periods.reduce((total, period) => total + pick(period), 0);
    const [classifications, allocations, contacts, promises, stops, [cap], contactsToday, row] = await Promise.all([
      db
        .select()
        .from(orderClassifications)
        .where(eq(orderClassifications.orderId, order.id))
        .orderBy(asc(orderClassifications.businessDate)),
      db
        .select({ row: caseAllocations, by: operators.name })
        .from(caseAllocations)
        .leftJoin(operators, eq(operators.id, caseAllocations.operatorId))
        .where(eq(caseAllocations.caseId, kase.id))
        .orderBy(asc(caseAllocations.id)),
      db
        .select({ row: collectionContacts, by: operators.name })
        .from(collectionContacts)
        .leftJoin(operators, eq(operators.id, collectionContacts.operatorId))
        .where(eq(collectionContacts.borrowerId, kase.borrowerId))
        .orderBy(desc(collectionContacts.id)),
      db.select().from(promisesToPay).where(eq(promisesToPay.caseId, kase.id)).orderBy(desc(promisesToPay.id)),
      db
        .select({ row: contactStops, by: operators.name })
        .from(contactStops)
        .leftJoin(operators, eq(operators.id, contactStops.setBy))
        .where(eq(contactStops.borrowerId, kase.borrowerId))
        .orderBy(desc(contactStops.id)),
      db.select().from(collectionSettings).where(eq(collectionSettings.market, order.market)),
      this.contactsOn(db, kase.borrowerId, localTimeIn(contactNow, zone).date),
      // this case's row as the queue shows it, read for this case alone (not the whole queue and its count, issue 46 §5)
      this.rowOf(kase.id),
    ]);
    const collectorNames = new Map(
      rowsOf<{ id: string | number; name: string }>(
        await db.execute(sql`SELECT k.id, o.name FROM collectors k JOIN operators o ON o.id = k.operator_id`),
      ).map((row) => [Number(row.id), row.name]),
    );
    const refusal = await this.refusalOf(db, kase, actor, 'call', contactNow, zone, cap?.dailyContactCap);
    const offers = await db.select().from(settlements).where(eq(settlements.caseId, kase.id)).orderBy(desc(settlements.id));
    const item = listItemOf(row);
    return {
      case: { ...item, openedOn: kase.openedOn },
      borrower: {
        id: kase.borrowerId,
        name: borrower!.name,
        phone: borrower!.phone,
        city,
        zone: zone.name,
        contactsToday,
        dailyCap: cap?.dailyContactCap ?? 3,
      },
      owedToday: {
        total: money(owed.totalMinor),
        totalMinor: owed.totalMinor,
        penalty: money(replay.penaltyOwedMinor),
        fee: money(sum((period) => period.feeMinor)),
        interest: money(sum((period) => period.interestMinor)),
        principal: money(sum((period) => period.principalMinor)),
        dueDate: replay.periods.find((period) => period.owedMinor > 0)?.dueDate ?? order.dueDate ?? '',
      },
      repayments: replay.allocations.map((allocation) => ({
        on: allocation.businessDate,
        amount: money(allocation.amountMinor),
        allocation: allocation.lines.map((line) => `${line.component} ${money(line.amountMinor)}`),
      })),
      classifications: classifications.map((row) => ({
        on: row.businessDate,
        classification: row.classification,
        daysPastDue: row.daysPastDue,
      })),
      allocations: allocations.map(({ row, by }) => ({
        at: row.createdAt.toISOString(),
        action: row.action,
        collector: row.collectorId === null ? null : (collectorNames.get(row.collectorId) ?? null),
        stage: row.stageCode,
        by,
        reason: row.reason,
      })),
      contacts: contacts.map(({ row, by }) => ({
        id: row.id,
        at: row.createdAt.toISOString(),
        channel: row.channel,
        outcome: row.outcome,
        note: row.note,
        by,
        followUpAt: row.followUpAt?.toISOString() ?? null,
      })),
      promises: promises.map((row) => ({
        id: row.id,
        amount: money(row.amountMinor),
        amountMinor: row.amountMinor,
        promisedOn: row.promisedOn,
        status: row.status,
        decidedOn: row.decidedOn,
      })),
      stops: stops.map(({ row, by }) => ({
        id: row.id,
        kind: row.kind,
        reason: row.reason,
        setAt: row.setAt.toISOString(),
        setBy: by,
        liftedAt: row.liftedAt?.toISOString() ?? null,
      })),
      settlements: offers.map((row) => ({
        id: row.id,
        amount: money(row.amountMinor),
        owed: money(row.owedMinor),
        validUntil: row.validUntil,
        status: row.status,
        reason: row.reason,
        waived: row.waivedMinor === null ? null : money(row.waivedMinor),
      })),
      contactAllowed: { allowed: refusal === null, reason: refusal },
      repayLink: this.repayLink(order),
    };
  }

  /** One case's queue row, by the queue's own rules: its latest open or broken promise, its standing follow-up due, its stop flag. */
  private async rowOf(caseId: number): Promise<Record<string, unknown>> {
    const { today, dayEnd } = this.marketDays();
    const found = await this.deps.db.execute(sql`
      SELECT c.*, c.opened_on::text AS opened, c.closed_on::text AS closed, c.retained_until::text AS retained,
        o.order_no, b.name AS borrower_name, op.id AS collector_operator, op.name AS collector_name,
        p.status AS promise_status, p.promised_on::text AS promised_on, p.amount_minor AS promise_minor,
        (p.status = 'open' AND p.promised_on = ${today}) IS TRUE AS due_today, f.follow_up_at AS follow_up_due,
        EXISTS (SELECT 1 FROM contact_stops s WHERE s.borrower_id = c.borrower_id AND s.lifted_at IS NULL) AS stopped
      FROM collection_cases c JOIN orders o ON o.id = c.order_id JOIN borrowers b ON b.id = c.borrower_id
      LEFT JOIN collectors k ON k.id = c.collector_id LEFT JOIN operators op ON op.id = k.operator_id
      LEFT JOIN LATERAL (
        SELECT status, promised_on, amount_minor FROM promises_to_pay
        WHERE case_id = c.id AND status IN ('open', 'broken')
        ORDER BY (status = 'open') DESC, id DESC LIMIT 1
      ) p ON true
      LEFT JOIN LATERAL (
        SELECT cc.follow_up_at FROM collection_contacts cc
        WHERE cc.case_id = c.id AND cc.follow_up_at IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM collection_contacts later WHERE later.case_id = cc.case_id AND later.id > cc.id
            AND later.operator_id IS NOT NULL)
        ORDER BY cc.id DESC LIMIT 1
      ) f ON f.follow_up_at < ${dayEnd}
      WHERE c.id = ${caseId}`);
    return rowsOf<Record<string, unknown>>(found)[0]!;
  }

  /** Each case's market's today, and the instant that day ends in its zone, as SQL over `c.market`. */
  private marketDays() {
    const todayIn = this.deps.clock.today('IN');
    const todayId = this.deps.clock.today('ID');
    return {
      today: sql`(CASE c.market WHEN 'IN' THEN ${todayIn}::date ELSE ${todayId}::date END)`,
      dayEnd: sql`((CASE c.market WHEN 'IN' THEN ${todayIn}::date ELSE ${todayId}::date END + 1)::timestamp
      AT TIME ZONE (CASE c.market WHEN 'IN' THEN 'Asia/Kolkata' ELSE 'Asia/Jakarta' END))`,
    };
  }

  /** A promise is kept the moment the ledger covers it; broken once its date has passed without. */
  private async decidePromises(kase: CollectionCase, state: OrderState): Promise<void> {
    const today = this.deps.clock.today(kase.market);
    const open = await this.deps.db
      .select()
      .from(promisesToPay)
      .where(and(eq(promisesToPay.caseId, kase.id), eq(promisesToPay.status, 'open')));
    for (const promise of open) {
      const outcome = promiseOutcome(promise, state.replay.allocations, today);
      if (outcome !== 'open') {
        await this.deps.db
          .update(promisesToPay)
          .set({ status: outcome, decidedOn: outcome === 'kept' ? promiseKeptOn(promise, state.replay.allocations)! : today })
          .where(and(eq(promisesToPay.id, promise.id), eq(promisesToPay.status, 'open')));
      }
    }
  }

  private async contactsOn(tx: Db, borrowerId: number, localDate: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(collectionContacts)
      .where(and(eq(collectionContacts.borrowerId, borrowerId), eq(collectionContacts.localDate, localDate)));
    return Number(row?.n ?? 0);
  }

  /** Why contacting this case's borrower now is refused, or null: flags, the agency's notice, the hours, the cap. */
  private async refusalOf(
    tx: Db,
    kase: CollectionCase,
    actor: Actor,
    channel: ContactChannel,
    now: Date,
    knownZone?: ReturnType<typeof contactZoneOf>,
    dailyCap?: number,
  ): Promise<string | null> {
    const zone = knownZone ?? contactZoneOf(kase.market, (await citiesOf(tx, [kase.borrowerId])).get(kase.borrowerId));
    const [stop] = await tx
      .select()
      .from(contactStops)
      .where(and(eq(contactStops.borrowerId, kase.borrowerId), isNull(contactStops.liftedAt)))
      .limit(1);
    if (stop) return `Contact is stopped: ${stop.kind.replaceAll('_', ' ')} (${stop.reason}).`;
    const [mine] = await tx
      .select({ id: collectors.id })
      .from(collectors)
      .where(and(eq(collectors.operatorId, actor.operator.id), eq(collectors.market, kase.market)));
    if (mine && !(await agencyNamedBefore(tx, kase.borrowerId, mine.id, now))) {
      return 'The borrower has not yet been told the name and contact of your agency: no contact before that.';
    }
    const cap =
      dailyCap ?? (await tx.select().from(collectionSettings).where(eq(collectionSettings.market, kase.market)))[0]?.dailyContactCap;
    const contactsThatDay = await this.contactsOn(tx, kase.borrowerId, localTimeIn(now, zone).date);
    // an email reaches the borrower when they open it: it counts towards the cap, not against the hours
    const refusal = conductRefusal({
      market: kase.market,
      zone,
      at: channel === 'email' ? hoursOf(now, zone) : now,
      contactsThatDay,
      dailyCap: cap,
    });
    return refusal?.message ?? null;
  }

  /** A refusal is audited after its transaction rolled back (one connection on PGlite), then answered with its reason. */
  private async refused(kase: CollectionCase, actor: Actor, channel: ContactChannel, reason: string): Promise<never> {
    await appendAudit(
      this.deps.db,
      {
        operatorId: actor.operator.id,
        action: 'collections.contact-refused',
        targetType: 'collection_case',
        targetId: kase.id,
        after: { channel, reason },
        requestId: actor.requestId,
      },
      this.deps.clock.now(),
    );
    throw CollectionsError.conduct(reason);
  }

  async logContact(
    actor: Actor,
    caseId: number,
    input: { channel: ContactChannel; outcome: ContactOutcome; note: string; followUpAt?: string | undefined },
  ) {
    const now = await this.deps.contactNow();
    const kase = await this.caseFor(actor, caseId);
    if (kase.closedOn) throw CollectionsError.conflict('This case is closed.');
    const followUpAt = input.followUpAt === undefined ? null : new Date(input.followUpAt);
    if (followUpAt && (followUpAt.getTime() <= now.getTime() || followUpAt.getTime() > now.getTime() + 30 * 86_400_000)) {
      throw CollectionsError.invalid('followUpAt (after now, at most 30 days ahead)');
    }
    const done = await this.deps.db.transaction(async (tx) => {
      // one borrower's contacts are counted one at a time: two collectors cannot both take the last of the day's cap
      await tx.execute(sql`SELECT id FROM borrowers WHERE id = ${kase.borrowerId} FOR UPDATE`);
      const refusal = await this.refusalOf(tx, kase, actor, input.channel, now);
      if (refusal !== null) return { refusal };
      return { contactId: await this.insertContact(tx, kase, actor, { ...input, followUpAt }, now) };
    });
    if (done.refusal !== undefined) return this.refused(kase, actor, input.channel, done.refusal);
    return { contactId: done.contactId! };
  }

  private async insertContact(
    tx: Db,
    kase: CollectionCase,
    actor: Actor,
    input: { channel: ContactChannel; outcome: ContactOutcome; note: string; followUpAt?: Date | null },
    now: Date,
  ) {
    const zone = contactZoneOf(kase.market, (await citiesOf(tx, [kase.borrowerId])).get(kase.borrowerId));
    const [row] = await tx
      .insert(collectionContacts)
      .values({
        caseId: kase.id,
        borrowerId: kase.borrowerId,
        operatorId: actor.operator.id,
        channel: input.channel,
        outcome: input.outcome,
        note: input.note,
        localDate: localTimeIn(now, zone).date,
        createdAt: now,
        followUpAt: input.followUpAt ?? null,
      })
      .returning({ id: collectionContacts.id });
    await appendAudit(
      tx,
      {
        operatorId: actor.operator.id,
        action: 'collections.contact',
        targetType: 'collection_case',
        targetId: kase.id,
        after: {
          contactId: row!.id,
          channel: input.channel,
          outcome: input.outcome,
          ...(input.followUpAt ? { followUpAt: input.followUpAt.toISOString() } : {}),
        },
        requestId: actor.requestId,
      },
      now,
    );
    return row!.id;
  }

  async promise(actor: Actor, caseId: number, input: { amountMinor: number; promisedOn: string }) {
    const kase = await this.caseFor(actor, caseId);
    if (kase.closedOn) throw CollectionsError.conflict('This case is closed.');
    const state = await this.stateOf(kase);
    const today = this.deps.clock.today(kase.market);
    const owed = amountOwedToday(state.order, state.replay, today).totalMinor;
    const days = daysBetween(today, input.promisedOn);
    if (days < 0 || days > 30) throw CollectionsError.invalid('promisedOn (from today to 30 days ahead)');
    if (input.amountMinor > owed)
      throw CollectionsError.invalid(`amountMinor (at most what is owed today, ${formatMoney(owed, kase.market)})`);
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(promisesToPay)
        .values({
          caseId: kase.id,
          orderId: kase.orderId,
          amountMinor: input.amountMinor,
          promisedOn: input.promisedOn,
          repaidBeforeMinor: state.replay.allocations.reduce((sum, allocation) => sum + allocation.amountMinor, 0),
          status: 'open',
          operatorId: actor.operator.id,
          createdAt: now,
        })
        .returning({ id: promisesToPay.id });
      await appendAudit(
        tx,
        {
          operatorId: actor.operator.id,
          action: 'collections.promise',
          targetType: 'collection_case',
          targetId: kase.id,
          after: { promiseId: row!.id, amountMinor: input.amountMinor, promisedOn: input.promisedOn },
          requestId: actor.requestId,
        },
        now,
      );
      return { promiseId: row!.id };
    });
  }

  /** A collection SMS from a template in the borrower's language: days past due, owed today, the penalty so far, the repay link. */
  async sendSms(actor: Actor, caseId: number, template: CollectionSmsTemplate) {
    const now = await this.deps.contactNow();
    const kase = await this.caseFor(actor, caseId);
    if (kase.closedOn) throw CollectionsError.conflict('This case is closed.');
    const state = await this.stateOf(kase);
    const { order, replay } = state;
    const today = this.deps.clock.today(order.market);
    const text = interpolate(textIn(localeOf(order.market), SMS_TEXT[template]), {
      orderNo: order.orderNo,
      overdueFor: dayCount(localeOf(order.market), overdueDaysOn(replay, today)),
      amount: formatMoney(amountOwedToday(order, replay, today).totalMinor, order.market),
      penalty: formatMoney(replay.penaltyOwedMinor, order.market),
      link: this.repayLink(order),
    });
    const done = await this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM borrowers WHERE id = ${kase.borrowerId} FOR UPDATE`);
      const refusal = await this.refusalOf(tx, kase, actor, 'sms', now);
      if (refusal !== null) return { refusal };
      const [borrower] = await tx.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, kase.borrowerId));
      await this.deps.outbox.enqueue({ market: order.market, phone: borrower!.phone, purpose: 'collection', body: text }, {}, tx);
      const contactId = await this.insertContact(tx, kase, actor, { channel: 'sms', outcome: 'sms_sent', note: template }, now);
      return { contactId, text };
    });
    if (done.refusal !== undefined) return this.refused(kase, actor, 'sms', done.refusal);
    return { contactId: done.contactId!, text: done.text! };
  }

  async setStop(actor: Actor, caseId: number, input: { kind: ContactStopKind; reason: string }) {
    const kase = await this.caseFor(actor, caseId);
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contactStops)
        .values({ borrowerId: kase.borrowerId, kind: input.kind, reason: input.reason, setBy: actor.operator.id, setAt: now })
        .returning({ id: contactStops.id });
      await appendAudit(
        tx,
        {
          operatorId: actor.operator.id,
          action: 'collections.stop-set',
          targetType: 'borrower',
          targetId: kase.borrowerId,
          after: { stopId: row!.id, kind: input.kind, reason: input.reason, caseId: kase.id },
          requestId: actor.requestId,
        },
        now,
      );
      return { stopId: row!.id };
    });
  }

  /** A supervisor lifts a flag with a reason; the row stays. */
  async liftStop(actor: Actor, stopId: number, reason: string): Promise<null> {
    if (!this.manages(actor)) throw CollectionsError.role();
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(contactStops)
        .set({ liftedAt: now, liftedBy: actor.operator.id, liftReason: reason })
        .where(and(eq(contactStops.id, stopId), isNull(contactStops.liftedAt)))
        .returning();
      if (!row) throw CollectionsError.conflict('This flag is not set.');
      await appendAudit(
        tx,
        {
          operatorId: actor.operator.id,
          action: 'collections.stop-lifted',
          targetType: 'borrower',
          targetId: row.borrowerId,
          before: { stopId, kind: row.kind },
          after: { reason },
          requestId: actor.requestId,
        },
        now,
      );
    });
    return null;
  }
}

/** An email is sent now but read later: it is checked at noon of the borrower's day, so the day's rules (Sunday, holiday) still apply. */
const hoursOf = (now: Date, zone: ReturnType<typeof contactZoneOf>): Date => {
  const { date } = localTimeIn(now, zone);
  return new Date(Date.parse(`${date}T12:00:00Z`) - zone.offsetMinutes * 60_000);
};

const dateText = (value: unknown): string | null => (value === null || value === undefined ? null : String(value).slice(0, 10));

const listItemOf = (row: Record<string, unknown>): CaseListItem => {
  const market = row.market as 'IN' | 'ID';
  const owedMinor = Number(row.owed_minor);
  const promiseStatus = row.promise_status as 'open' | 'broken' | null;
  const dueToday = row.due_today === true;
  const followUpDue =
    row.follow_up_due === null || row.follow_up_due === undefined
      ? null
      : row.follow_up_due instanceof Date
        ? row.follow_up_due
        : new Date(String(row.follow_up_due));
  return {
    caseId: Number(row.id),
    orderId: Number(row.order_id),
    orderNo: String(row.order_no),
    borrowerId: Number(row.borrower_id),
    borrowerName: String(row.borrower_name),
    market,
    daysPastDue: Number(row.days_past_due),
    classification: String(row.classification),
    stage: (row.stage_code as string | null) ?? null,
    owed: formatMoney(owedMinor, market),
    owedMinor,
    collector:
      row.collector_id === null || row.collector_id === undefined
        ? null
        : { id: Number(row.collector_id), name: String(row.collector_name ?? '') },
    retainedUntil: dateText(row.retained),
    promise: promiseStatus
      ? { status: promiseStatus, promisedOn: String(row.promised_on), amount: formatMoney(Number(row.promise_minor), market) }
      : null,
    followUpDue: followUpDue && !Number.isNaN(followUpDue.getTime()) ? followUpDue.toISOString() : null,
    rank: promiseStatus === 'broken' ? 'broken' : dueToday ? 'due-today' : followUpDue ? 'follow-up' : 'priority',
    stopped: row.stopped === true,
    closedOn: dateText(row.closed),
    closeReason: (row.close_reason as string | null) ?? null,
  };
};
