/**
 * The borrower's own loans for the main and order screens (issue 17): every order with its derived
 * status, what is owed now and its dates, from the same replayed ledger loan details reads. The
 * orders' stamps come first (one prepared statement on the borrower's index); the list computed
 * for those stamps and the business date is sent again as it was while none of them changed
 * (decision 115, decision 179), else the orders, their schedules, ledgers and products' names are
 * read in one statement and replayed.
 */
import type { Market } from '@kilat/contract';
import { OrderStatus } from '@kilat/contract';
import type { CallData, MyOrder } from '@kilat/contract/schemas';
import { RevisionMemo } from '../../db/revision-memo.js';
import { SerializedData } from '../../http/envelope.js';
import { businessDateAt } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import type { ExtensionOffer } from '../../lending/extension.js';
import { amountOwedToday } from '../ledger/replay.js';
import type { ListedOrderState, OrderState, OrdersService } from '../orders/service.js';

/** Statuses in which money is owed (the loan-details repay button shows). */
const OWING: readonly OrderStatus[] = [
  OrderStatus.Disbursed,
  OrderStatus.DueSoon,
  OrderStatus.Overdue,
  OrderStatus.InstallmentPartlyPaid,
  OrderStatus.Extended,
];

/** How a loan no longer owing closed when it was not repaid: settled by agreement or written off (issue 46). */
const closedByOf = (owing: boolean, replay: { settlementWaivedMinor: number; writtenOffMinor: number }): Pick<MyOrder, 'closedBy'> => {
  if (owing) return {};
  if (replay.settlementWaivedMinor > 0) return { closedBy: 'settlement' };
  if (replay.writtenOffMinor > 0) return { closedBy: 'write_off' };
  return {};
};

/** lists kept, one per borrower: the borrowers opening the app at a peak */
const KEPT_LISTS = 10_000;

export interface MyOrdersDeps {
  orders: OrdersService;
  clock: Clock;
  /** the extension offer the extension page would make now, from the state already replayed (loans module) */
  extensionOfferIn: (state: OrderState) => ExtensionOffer;
}

export class MyOrdersService {
  /** each borrower's list while the stamps of their orders hold (decision 179) */
  private readonly keptLists = new RevisionMemo<SerializedData<CallData<'myOrders'>>>(KEPT_LISTS);

  constructor(private readonly deps: MyOrdersDeps) {}

  async list(borrower: { id: number; market: Market }): Promise<SerializedData<CallData<'myOrders'>>> {
    const { orders } = this.deps;
    const stamps = await orders.repository.stampsOfBorrower(borrower.id);
    return orders.keptViewOfBorrower(this.keptLists, String(borrower.id), borrower, stamps, (list) =>
      SerializedData.of<CallData<'myOrders'>>({ list: list.map((state) => this.entry(state)) }),
    );
  }

  private entry(state: ListedOrderState): MyOrder {
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
      ...closedByOf(owing, replay),
    };
  }
}
