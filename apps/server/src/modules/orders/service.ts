/**
 * Order access for every order-scoped call: ownership first, then the ledger module's balances
 * (the one waterfall) and the status derived from them. Reads replay penalties up to today, so what a page
 * shows includes today's penalty whether or not the accrual job has posted it yet.
 */
import type { Market, OrderStatus } from '@kilat/contract';
import type { Db } from '../../db/database.js';
import type { RevisionMemo } from '../../db/revision-memo.js';
import type { Order } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lending/clock.js';
import type { LedgerReplay } from '../../lending/ledger-replay.js';
import { deriveOrderStatus, type OrderFacts, positionOf } from '../../lending/order-status.js';
import { balancesAt } from '../ledger/replay.js';
import type { OrderLedger } from '../ledger/repository.js';
import type { ListedOrder, OrderStamp, OrdersRepository } from './repository.js';

const ORDER_ID = /^[1-9]\d{0,15}$/;

export interface OrderWithStatus {
  order: Order;
  status: OrderStatus;
}

export interface OrderState extends OrderWithStatus {
  facts: OrderFacts;
  replay: LedgerReplay;
  ledger: OrderLedger;
}

export interface ListedOrderState extends OrderState {
  product: ListedOrder['product'];
}

/** An order id as the pages send it; anything else can name no order. */
export const orderKey = (orderId: string | number): number => {
  const id = String(orderId);
  if (!ORDER_ID.test(id)) throw AppError.notFound();
  return Number(id);
};

/**
 * A view of orders shows a decision and a disbursal only once their times (written ahead, DESIGN
 * §5) are reached, though nothing is written then: a kept view (decision 115) holds until the next.
 */
export const viewHoldsUntil = (list: readonly Pick<Order, 'decidedAt' | 'disbursedAt'>[], now: Date): number => {
  const ahead = list
    .flatMap((order) => [order.decidedAt, order.disbursedAt])
    .map((at) => at?.getTime() ?? 0)
    .filter((at) => at > now.getTime());
  return ahead.length > 0 ? Math.min(...ahead) : Number.POSITIVE_INFINITY;
};

/** What a view of these orders is computed from, as one string: any change to an order moves its revision (migration 0016, decision 115). */
export const viewStampOf = (list: readonly Pick<OrderStamp, 'id' | 'revision' | 'productName' | 'productLogo'>[], today: string) =>
  `${today}|${list.map((order) => `${order.id}:${order.revision}:${order.productName}:${order.productLogo}`).join('|')}`;

/** The order if it is the borrower's: another borrower's is Forbidden, a missing one NotFound. */
export const owned = <Row extends Pick<Order, 'borrowerId'>>(borrowerId: number, order: Row | null): Row => {
  if (!order) throw AppError.notFound();
  if (order.borrowerId !== borrowerId) throw AppError.forbidden();
  return order;
};

export class OrdersService {
  constructor(
    readonly repository: OrdersRepository,
    private readonly clock: Clock,
  ) {}

  /** The order if it is the borrower's: another borrower's order is Forbidden, a missing one NotFound. */
  async requireOwned(borrowerId: number, orderId: string | number): Promise<Order> {
    const order = await this.repository.findById(orderKey(orderId));
    return owned(borrowerId, order);
  }

  /** requireOwned with the order's state now, read in one statement (decision 101). */
  async requireOwnedState(borrowerId: number, orderId: string | number): Promise<OrderState> {
    const found = await this.repository.findWithLedger(orderKey(orderId));
    const order = owned(borrowerId, found?.order ?? null);
    return this.stateOf(order, found!.ledger, this.clock.now());
  }

  /** The order of this number if it is the borrower's: another borrower's is Forbidden, an unknown one NotFound. */
  async requireOwnedOrderNo(borrowerId: number, orderNo: string): Promise<Order> {
    return owned(borrowerId, await this.repository.findByOrderNo(orderNo));
  }

  /**
   * Facts, replay and status of each order now. A decision is dated when it is made (issue 29); a time
   * ahead of now (orders decided before that) counts once now reaches it.
   */
  async states(list: readonly Order[], tx?: Db): Promise<OrderState[]> {
    const now = this.clock.now();
    const ledgers = await this.repository.ledgersOf(
      list.map((order) => order.id),
      tx,
    );
    return list.map((order) => this.stateOf(order, ledgers.get(order.id)!, now));
  }

  /** The state of an order whose ledger is already read. */
  stateOf(order: Order, ledger: OrderLedger, now: Date): OrderState {
    const reached = (instant: Date | null) => instant !== null && instant.getTime() <= now.getTime();
    const today = this.clock.today(order.market);
    const { disbursed, replay } = balancesAt(order, ledger, now, today);
    const facts: OrderFacts = {
      decision: reached(order.decidedAt) ? order.decision : null,
      disbursed,
      cancelled: order.cancelledAt !== null,
      position: positionOf(replay),
    };
    return { order, facts, replay, ledger, status: deriveOrderStatus(facts, today) };
  }

  async withStatuses(list: readonly Order[]): Promise<OrderWithStatus[]> {
    return this.states(list);
  }

  async withStatus(order: Order, tx?: Db): Promise<OrderState> {
    const [state] = await this.states([order], tx);
    return state!;
  }

  /** The borrower's orders, newest first, with their states and products' names and logos: one statement. */
  async listForBorrower(borrowerId: number): Promise<ListedOrderState[]> {
    const now = this.clock.now();
    const rows = await this.repository.listWithLedgersByBorrower(borrowerId);
    return rows.map(({ order, ledger, product }) => ({ ...this.stateOf(order, ledger, now), product }));
  }

  /**
   * A view of all the borrower's orders (decision 115, decision 179): the one `memo` keeps for `key`
   * while the orders' `stamps` (just read) and the business date match and `holds` accepts it, else
   * `view` of the orders listed and replayed, kept for next time. A view computed across midnight is
   * not kept under either day.
   */
  async keptViewOfBorrower<View>(
    memo: RevisionMemo<View>,
    key: string,
    borrower: { id: number; market: Market },
    stamps: readonly OrderStamp[],
    view: (list: ListedOrderState[]) => View,
    holds: (kept: View) => boolean = () => true,
  ): Promise<View> {
    const today = this.clock.today(borrower.market);
    const kept = memo.get(key, viewStampOf(stamps, today), this.clock.now().getTime());
    if (kept !== undefined && holds(kept)) return kept;

    const list = await this.listForBorrower(borrower.id);
    const now = this.clock.now();
    const computed = view(list);
    if (this.clock.today(borrower.market) === today) {
      const listed = list.map(({ order, product }) => ({
        ...order,
        productName: product?.name ?? '',
        productLogo: product?.logoUrl ?? '',
      }));
      memo.set(key, viewStampOf(listed, today), viewHoldsUntil(listed, now), computed);
    }
    return computed;
  }
}
