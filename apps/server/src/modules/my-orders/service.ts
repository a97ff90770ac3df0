/**
 * The borrower's own loans for the main and order screens (issue 17): every order with its derived
 * status, what is owed now and its dates, from the same replayed ledger loan details reads.
 */
import { OrderStatus } from '@kilat/contract';
import type { MyOrder } from '@kilat/contract/schemas';
import type { Order } from '../../db/schema.js';
import { businessDateAt } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import type { ExtensionOffer } from '../../lending/extension.js';
import { amountOwedToday } from '../ledger/replay.js';
import type { OrdersService } from '../orders/service.js';
import type { ProductsService } from '../products/service.js';

/** Statuses in which money is owed (the loan-details repay button shows). */
const OWING: readonly OrderStatus[] = [
  OrderStatus.Disbursed,
  OrderStatus.DueSoon,
  OrderStatus.Overdue,
  OrderStatus.InstallmentPartlyPaid,
  OrderStatus.Extended,
];

export interface MyOrdersDeps {
  orders: OrdersService;
  products: ProductsService;
  clock: Clock;
  /** the extension offer the extension page would make now (loans module) */
  extensionOfferOf: (order: Order) => Promise<ExtensionOffer>;
}

export class MyOrdersService {
  constructor(private readonly deps: MyOrdersDeps) {}

  async list(borrowerId: number): Promise<MyOrder[]> {
    const list = await this.deps.orders.repository.listByBorrower(borrowerId);
    const states = await this.deps.orders.states(list);
    const productIds = [...new Set(list.map((order) => order.productId))];
    const products = new Map(
      (await Promise.all(productIds.map((id) => this.deps.products.findById(id)))).flatMap((product) =>
        product ? [[product.id, product] as const] : [],
      ),
    );
    return Promise.all(
      states.map(async ({ order, status, facts, replay }) => {
        const owing = OWING.includes(status);
        const offer = owing ? await this.deps.extensionOfferOf(order) : null;
        const product = products.get(order.productId);
        return {
          orderId: String(order.id),
          productId: String(order.productId),
          orderNo: order.orderNo,
          productName: product?.name ?? '',
          productLogo: product?.logoUrl ?? '',
          orderStatus: status,
          amount: order.principalMinor,
          // an instalment loan asks its next instalment (issue 30 item 3); a single payment everything; in the
          // due window never more than closing the loan costs today, as loan details says
          amountDue: owing ? amountOwedToday(order, replay, this.deps.clock.today(order.market)).askedMinor : 0,
          appliedOn: businessDateAt(order.appliedAt, order.market),
          dueDate: facts.disbursed ? (facts.position.currentDueDate ?? order.dueDate ?? '') : '',
          isDelay: offer?.eligible ? 1 : 0,
        };
      }),
    );
  }
}
