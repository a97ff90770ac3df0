/** Order access for every order-scoped call: ownership first, then the derived status. */
import type { OrderStatus } from '@kilat/contract';
import type { Order } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lending/clock.js';
import { deriveOrderStatus, type OrderFacts } from '../../lending/order-status.js';
import type { OrdersRepository } from './repository.js';

const ORDER_ID = /^[1-9]\d{0,15}$/;

export interface OrderWithStatus {
  order: Order;
  status: OrderStatus;
}

export class OrdersService {
  constructor(
    readonly repository: OrdersRepository,
    private readonly clock: Clock,
  ) {}

  /** The order if it is the borrower's: another borrower's order is Forbidden, a missing one NotFound. */
  async requireOwned(borrowerId: number, orderId: string | number): Promise<Order> {
    const id = String(orderId);
    if (!ORDER_ID.test(id)) throw AppError.notFound();
    const order = await this.repository.findById(Number(id));
    if (!order) throw AppError.notFound();
    if (order.borrowerId !== borrowerId) throw AppError.forbidden();
    return order;
  }

  async withStatuses(list: readonly Order[]): Promise<OrderWithStatus[]> {
    const facts = await this.repository.factsOf(list, this.clock.now());
    return list.map((order) => ({ order, status: deriveOrderStatus(facts.get(order.id)!, this.clock.today(order.market)) }));
  }

  async withStatus(order: Order): Promise<OrderWithStatus & { facts: OrderFacts }> {
    const facts = (await this.repository.factsOf([order], this.clock.now())).get(order.id)!;
    return { order, status: deriveOrderStatus(facts, this.clock.today(order.market)), facts };
  }

  async listForBorrower(borrowerId: number): Promise<OrderWithStatus[]> {
    return this.withStatuses(await this.repository.listByBorrower(borrowerId));
  }
}
