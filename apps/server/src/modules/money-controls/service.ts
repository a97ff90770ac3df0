/**
 * The control matrix (issue 47, decision 232): per market and action, what may move without a
 * second person, summed per order per business day and per operator per business day. The order
 * approvals ask it before they let a request post at once; an admin changes it, audited in the
 * transaction of the change. A market and action never changed takes the configured defaults.
 */
import { formatMoney, type Market, MarketTimeZone } from '@kilat/contract';
import type { MoneyControlView } from '@kilat/contract/console';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { lockInTransaction } from '../../db/advisory-lock.js';
import type { Db } from '../../db/database.js';
import { moneyControls, operators, orderApprovals } from '../../db/schema.js';
import type { Clock } from '../../lending/clock.js';
import { type Control, type ControlBreach, type ControlledAction, controlBreach, controlledActions } from '../../lending/control-matrix.js';

/** Where a change is audited: the console's audit log, written in the change's transaction. */
export interface ControlsAudit {
  append(
    tx: Db,
    event: {
      operatorId: number;
      action: string;
      targetType: string;
      targetId: string;
      before?: unknown;
      after?: unknown;
      requestId: string;
    },
  ): Promise<void>;
}

/** An operator's day without a checker may move this many times the per-order limit, unless an admin sets it. */
export const OPERATOR_DAY_DEFAULT_MULTIPLE = 10;

export class MoneyControls {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: ControlsAudit,
    /** the per-order day limit of each action and market when no admin has set one (the configured approval amounts) */
    private readonly defaults: Record<ControlledAction, Record<Market, number>>,
  ) {}

  private defaultOf(market: Market, action: ControlledAction): Control {
    const orderDayMinor = this.defaults[action][market];
    return { orderDayMinor, operatorDayMinor: orderDayMinor * OPERATOR_DAY_DEFAULT_MULTIPLE };
  }

  async controlOf(tx: Db, market: Market, action: ControlledAction): Promise<Control> {
    const [row] = await tx
      .select()
      .from(moneyControls)
      .where(and(eq(moneyControls.market, market), eq(moneyControls.action, action)));
    return row ? { orderDayMinor: row.orderDayMinor, operatorDayMinor: row.operatorDayMinor } : this.defaultOf(market, action);
  }

  /**
   * Whether this request would pass a limit with what the order and the operator moved today without
   * a checker; call it in the request's transaction, with the order's row locked. The operator's
   * requests on other orders are serialised by a lock on the operator, so two at once cannot both pass.
   */
  async breach(
    tx: Db,
    request: { market: Market; action: ControlledAction; orderId: number; operatorId: number; amountMinor: number },
  ): Promise<ControlBreach> {
    await lockInTransaction(tx, 'money-controls', String(request.operatorId));
    const today = this.clock.today(request.market);
    const zone = MarketTimeZone[request.market];
    const unchecked = and(
      eq(orderApprovals.kind, request.action),
      eq(orderApprovals.status, 'approved'),
      isNull(orderApprovals.decidedBy),
      sql`(${orderApprovals.requestedAt} AT TIME ZONE ${zone})::date = ${today}::date`,
    );
    const [sums] = await tx
      .select({
        order: sql<string>`coalesce(sum(${orderApprovals.amountMinor}) FILTER (WHERE ${orderApprovals.orderId} = ${request.orderId}), 0)`,
        operator: sql<string>`coalesce(sum(${orderApprovals.amountMinor}) FILTER (WHERE ${orderApprovals.requestedBy} = ${request.operatorId}), 0)`,
      })
      .from(orderApprovals)
      .where(
        and(unchecked, sql`(${orderApprovals.orderId} = ${request.orderId} OR ${orderApprovals.requestedBy} = ${request.operatorId})`),
      );
    return controlBreach(await this.controlOf(tx, request.market, request.action), {
      amountMinor: request.amountMinor,
      orderTodayMinor: Number(sums?.order ?? 0),
      operatorTodayMinor: Number(sums?.operator ?? 0),
    });
  }

  /** Every market and action, as in force now. */
  async matrix(): Promise<MoneyControlView[]> {
    const [rows, people] = await Promise.all([
      this.db.select().from(moneyControls),
      this.db.select({ id: operators.id, name: operators.name }).from(operators),
    ]);
    const views: MoneyControlView[] = [];
    for (const market of ['IN', 'ID'] as const) {
      for (const action of controlledActions) {
        const row = rows.find((candidate) => candidate.market === market && candidate.action === action);
        const control = row ?? this.defaultOf(market, action);
        views.push({
          market,
          action,
          orderDayMinor: control.orderDayMinor,
          orderDay: formatMoney(control.orderDayMinor, market),
          operatorDayMinor: control.operatorDayMinor,
          operatorDay: formatMoney(control.operatorDayMinor, market),
          updatedBy: row
            ? { id: row.updatedBy, name: people.find((person) => person.id === row.updatedBy)?.name ?? `operator ${row.updatedBy}` }
            : null,
          updatedAt: row?.updatedAt.toISOString() ?? null,
        });
      }
    }
    return views;
  }

  /** An admin's change of one market and action, audited with what it was and why. */
  async change(
    actor: { operatorId: number; requestId: string },
    input: { market: Market; action: ControlledAction; orderDayMinor: number; operatorDayMinor: number; reason: string },
  ): Promise<MoneyControlView> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const before = await this.controlOf(tx, input.market, input.action);
      const values = {
        market: input.market,
        action: input.action,
        orderDayMinor: input.orderDayMinor,
        operatorDayMinor: input.operatorDayMinor,
        updatedBy: actor.operatorId,
        updatedAt: now,
      };
      await tx
        .insert(moneyControls)
        .values(values)
        .onConflictDoUpdate({ target: [moneyControls.market, moneyControls.action], set: values });
      await this.audit.append(tx, {
        operatorId: actor.operatorId,
        action: 'money-controls.change',
        targetType: 'money-control',
        targetId: `${input.market}:${input.action}`,
        before,
        after: { orderDayMinor: input.orderDayMinor, operatorDayMinor: input.operatorDayMinor, reason: input.reason },
        requestId: actor.requestId,
      });
    });
    return (await this.matrix()).find((view) => view.market === input.market && view.action === input.action)!;
  }
}
