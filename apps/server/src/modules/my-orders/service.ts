/**
 * The borrower's own loans for the main and order screens (issue 17): every order with its derived
 * status, what is owed now and its dates, from the same replayed ledger loan details reads. One
 * statement reads the orders, their schedules, ledgers and products' names (issue 33: it was one
 * statement per product and a second reading of every owing order, 8 ms of CPU a call).
 */
import { OrderStatus } from '@kilat/contract';
import type { MyOrder } from '@kilat/contract/schemas';
import { businessDateAt } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import type { ExtensionOffer } from '../../lending/extension.js';
import { amountOwedToday } from '../ledger/replay.js';
import type { OrderState, OrdersService } from '../orders/service.js';

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
  clock: Clock;
  /** the extension offer the extension page would make now, from the state already replayed (loans module) */
  extensionOfferIn: (state: OrderState) => ExtensionOffer;
}

export class MyOrdersService {
  constructor(private readonly deps: MyOrdersDeps) {}

  async list(borrowerId: number): Promise<MyOrder[]> {
    const states = await this.deps.orders.listForBorrower(borrowerId);
    return states.map((state) => {
      const { order, status, facts, replay, product } = state;
      const owing = OWING.includes(status);
      const offer = owing ? this.deps.extensionOfferIn(state) : null;
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
    });
  }
}
