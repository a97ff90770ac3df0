/**
 * The payments core: what a purpose owes, payments with their checks, card debits, and the one
 * place a gateway's event changes a payment and posts it (DESIGN §4, §5). Implements the
 * PaymentsPort the card flow (modules/cards) uses.
 */
import { formatMoney, type Market, ResultCode } from '@kilat/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { lockInTransaction } from '../../db/advisory-lock.js';
import type { Db } from '../../db/database.js';
import type { Order, Payment, PaymentMethod, PaymentPurpose, PaymentStatus } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { type AmountDue, type AmountRefusal, amountRefusal, extensionDue, isRefusal, repaymentDue } from '../../lending/amount-rules.js';
import type { Clock } from '../../lending/clock.js';
import type { ExtensionOffer } from '../../lending/extension.js';
import { closureSms } from '../ledger/closure-notice.js';
import { postPayment } from '../ledger/posting.js';
import { quoteOf } from '../ledger/replay.js';
import type { OrderState, OrdersService } from '../orders/service.js';
import { holdsTheNextBack, newRepaymentCode, type RepaymentCodes, repaymentCodeSms } from '../otp/repayment-codes.js';
import { claimedValues } from '../sms/outbox.js';
import type { SmsMessage, SmsProvider } from '../sms/sms-provider.js';
import type {
  CardPaymentOf,
  MandateWebhookEvent,
  NewPayment,
  OpenedCardPayment,
  PaymentGateway,
  PaymentsPort,
  WebhookEvent,
} from './ports.js';
import { newPaymentPublicId } from './random-codes.js';
import { type NewPaymentRow, OPEN_STATUSES, type PaymentsRepository } from './repository.js';
import { transitionOf } from './transitions.js';

/** The extension offer of an order (LoansService.extensionOfferOf). */
export interface ExtensionOffers {
  extensionOfferOf(order: Order, tx?: Db): Promise<ExtensionOffer>;
  /** the same offer from an order state already read */
  extensionOfferIn(state: OrderState): ExtensionOffer;
}

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  config: Config;
  orders: OrdersService;
  repository: PaymentsRepository;
  extensions: ExtensionOffers;
  /** every gateway by name; the webhook route's `:gateway` picks one */
  gateways: ReadonlyMap<string, PaymentGateway>;
  /** the otp module's repayment codes: a card payment's code is sent with its status moved */
  codes: RepaymentCodes;
  sms: SmsProvider;
  log: FastifyBaseLogger;
}

/** What a virtual account or mini-market payment adds to a new payment. */
export type PaymentExtras = Pick<NewPaymentRow, 'payCode' | 'specificNum' | 'vcode' | 'gatewayRef' | 'expiresAt' | 'status'>;

/** The ways to pay by a code the borrower takes away (a number, a till code, a UPI QR): one open at a time per order and purpose. */
const CODE_METHODS: readonly PaymentMethod[] = ['virtual_account', 'mini_market', 'upi', 'ewallet', 'qris'];

/** The statuses in which a card payment has not been handed to the gateway yet. */
const NOT_SUBMITTED: readonly PaymentStatus[] = ['created', 'awaiting_code'];

export type WebhookOutcome = 'duplicate' | 'unknown-payment' | 'amount-mismatch' | 'unchanged' | 'applied' | 'posted' | 'unknown-mandate';

/** Applies a mandate's signed event (payments/mandates/service.ts), set once the mandates service exists. */
export type MandateEventApplier = (gateway: string, event: MandateWebhookEvent) => Promise<WebhookOutcome>;

/** A refusal of the amount rules as the answer the borrower reads (in the market's money). */
const refusalError = (market: Market, refusal: AmountRefusal): AppError => {
  switch (refusal.reason) {
    case 'nothingToRepay':
      return new AppError(ResultCode.InvalidRequest, 'nothingToRepay', 409);
    case 'extensionUnavailable':
      return new AppError(ResultCode.InvalidRequest, 'loanExtensionUnavailable', 409);
    case 'prepaymentNotYet':
      return new AppError(ResultCode.InvalidRequest, 'prepaymentNotYet', 409, { date: refusal.date });
    case 'paymentInProgress':
      return new AppError(ResultCode.InvalidRequest, 'paymentInProgress', 409);
    case 'extensionFeeMismatch':
      return new AppError(ResultCode.InvalidRequest, 'extensionFeeMismatch', 409);
    case 'repayAmountTooLarge':
      return new AppError(ResultCode.InvalidRequest, 'repayAmountTooLarge', 400, { amount: formatMoney(refusal.leftMinor, market) });
    case 'coolingOffExitAmount':
      return new AppError(ResultCode.InvalidRequest, 'coolingOffExitAmount', 400, { amount: formatMoney(refusal.exitMinor, market) });
  }
};

export class PaymentsService implements PaymentsPort {
  private mandateApplier: MandateEventApplier | null = null;

  constructor(private readonly deps: PaymentsDeps) {}

  /** The mandates service's way in for its gateways' events (the one webhook route serves both). */
  onMandateEvent(applier: MandateEventApplier): void {
    this.mandateApplier = applier;
  }

  /** A mandate's event, applied by the mandates service; refused (a 5xx, so the gateway retries) before it is connected. */
  applyMandateEvent(gateway: string, event: MandateWebhookEvent): Promise<WebhookOutcome> {
    if (!this.mandateApplier) throw new Error('the mandates service is not connected');
    return this.mandateApplier(gateway, event);
  }

  /** The market's gateway (PAYMENT_GATEWAY_IN / PAYMENT_GATEWAY_ID): Razorpay for India, Xendit for Indonesia, or the sandbox. */
  gatewayFor(market: Market): PaymentGateway {
    const name = this.deps.config.payments.gateways[market];
    const gateway = this.deps.gateways.get(name);
    if (!gateway) throw new Error(`payment gateway ${name} is not registered`);
    return gateway;
  }

  gatewayNamed(name: string): PaymentGateway | null {
    return this.deps.gateways.get(name) ?? null;
  }

  async amountDue(order: Order, purpose: PaymentPurpose, tx?: Db): Promise<AmountDue> {
    return this.amountDueIn(await this.deps.orders.withStatus(order, tx), purpose);
  }

  /** What the purpose owes on a state already read (lending/amount-rules.ts); its refusal as the borrower's answer. */
  amountDueIn(state: OrderState, purpose: PaymentPurpose): AmountDue {
    const { order, facts, replay } = state;
    const due =
      purpose === 'delay'
        ? extensionDue(this.deps.extensions.extensionOfferIn(state))
        : repaymentDue({
            disbursed: facts.disbursed,
            outstandingMinor: replay.outstandingMinor,
            quote: facts.disbursed && replay.outstandingMinor > 0 ? quoteOf(order, replay, this.deps.clock.today(order.market)) : null,
          });
    if (isRefusal(due)) throw refusalError(order.market, due);
    return due;
  }

  /** Checks an amount against what the purpose owes: at most what may be repaid today, exactly the fee for an extension. */
  async checkAmount(order: Order, purpose: PaymentPurpose, amountMinor: number, tx?: Db, inFlightMinor = 0): Promise<AmountDue> {
    return this.checkAmountIn(await this.deps.orders.withStatus(order, tx), purpose, amountMinor, inFlightMinor);
  }

  /** checkAmount on an order state already read. */
  checkAmountIn(state: OrderState, purpose: PaymentPurpose, amountMinor: number, inFlightMinor = 0): AmountDue {
    const due = this.amountDueIn(state, purpose);
    this.assertAmountFits(state.order, purpose, amountMinor, due, inFlightMinor);
    return due;
  }

  /** The amount rules against a due already read (lending/amount-rules.ts): the refusal, if any, as the borrower's answer. */
  assertAmountFits(order: Order, purpose: PaymentPurpose, amountMinor: number, due: AmountDue, inFlightMinor = 0): void {
    const refusal = amountRefusal(purpose, amountMinor, due, inFlightMinor);
    if (refusal) throw refusalError(order.market, refusal);
  }

  /**
   * The last check before a card is charged (issue 12): with the order locked, the payment's amount
   * must fit what is owed now less the card payments already on their way to the gateway. Call it
   * in the transaction that moves the payment to 'submitted', so concurrent commits of one order
   * pass one at a time and never charge more than is owed.
   */
  async reserve(payment: Payment, tx: Db): Promise<void> {
    const order = await this.deps.orders.repository.lock(payment.orderId, tx);
    if (!order) throw new Error(`payment ${payment.publicId} has no order`);
    const inFlight = await this.deps.repository.inFlightMinor(order.id, payment.purpose, payment.id, tx);
    await this.checkAmount(order, payment.purpose, payment.amountMinor, tx, inFlight);
  }

  /** A payment with its extras (a pay code, an expiry), written in `tx` with the order locked until it ends. */
  async createWith(input: NewPayment, extras: PaymentExtras, tx: Db): Promise<Payment> {
    // one payment decision at a time per order: commits, codes, checkouts and postings of an order serialise here
    await this.deps.orders.repository.lock(input.order.id, tx);
    const due = await this.checkAmount(input.order, input.purpose, input.amountMinor, tx);
    return this.deps.repository.insert(this.newRow(input, due, extras), tx);
  }

  /**
   * The method-switch path (issue 51, decision 240): with the order locked in `tx`, every open code
   * of the order's purpose but `keep` (a virtual account, a mini-market code, a UPI code) is closed
   * at its gateway and here, so only the code the borrower now holds can take money. A code past its
   * expiry is only marked. One paid meanwhile is still posted: its webhook's success beats 'expired'.
   */
  async closeOpenCodes(order: Order, purpose: PaymentPurpose, keep: Payment | null, tx: Db): Promise<Payment[]> {
    const now = this.deps.clock.now();
    const open = await this.deps.repository.openCodesOf(order.id, purpose, CODE_METHODS, tx);
    const closed: Payment[] = [];
    for (const code of open) {
      if (code.id === keep?.id) continue;
      const gateway = this.gatewayNamed(code.gateway);
      if (gateway && code.gatewayRef && (!code.expiresAt || code.expiresAt > now)) {
        await gateway.closeCode({ gatewayRef: code.gatewayRef, method: code.method, closesAt: now });
      }
      // 'replaced': the borrower chose another bank, shop or method for the same payment
      const moved = await this.deps.repository.moveStatus(code.id, OPEN_STATUSES, 'expired', now, tx, 'replaced');
      if (moved) closed.push(moved);
    }
    return closed;
  }

  /**
   * A card payment of a repay token, opened the long way (the commit's first statement wrote
   * nothing): its amount checked on the state read with the order (decision 101), and checked again
   * with the order locked before any card is charged (`submit`). A card that asks for a code
   * (`codeTo`, the borrower's phone) gets the payment, its first code and the code's SMS in one
   * statement (decision 116): the SMS is the caller's to hand over once it answers. A card that
   * asks for none gets the row in status 'created'. When a racing commit opened the token's payment
   * first, that payment.
   */
  async openCardPayment(state: OrderState, input: CardPaymentOf, codeTo: string | null, now: Date): Promise<OpenedCardPayment> {
    try {
      const row = this.newRowIn(state, { ...input, method: 'card' }, codeTo === null ? {} : { status: 'awaiting_code' });
      if (codeTo === null) return { payment: await this.deps.repository.insert(row) };
      const code = newRepaymentCode(row.publicId, now);
      const message = repaymentCodeSms(row.market, codeTo, row.amountMinor, code.code);
      const messageId = await this.deps.repository.openWithCode(row, code, claimedValues(message, now));
      return { withCode: { publicId: row.publicId, messageId, message } };
    } catch (error) {
      const raced = await this.deps.repository.findByRepayToken(input.repayTokenHash);
      if (raced) return { payment: raced };
      throw error;
    }
  }

  /** Pays with another of the borrower's cards while the payment has not been submitted; null once it has (a charge is under way). */
  switchCard(payment: Payment, cardId: number, now: Date): Promise<Payment | null> {
    return this.deps.repository.switchCard(payment.id, cardId, NOT_SUBMITTED, now);
  }

  /**
   * In `tx`: with the order locked, the payment must still fit what is owed less the card payments
   * on their way (`reserve`); then it moves to 'submitted' from one of `from` and spends its repay
   * token. Null when another call moved it first. The card is charged after `tx` commits (`submitCard`).
   */
  async submit(payment: Payment, from: readonly PaymentStatus[], now: Date, tx: Db): Promise<Payment | null> {
    await this.reserve(payment, tx);
    const moved = await this.deps.repository.moveStatus(payment.id, from, 'submitted', now, tx);
    if (moved?.repayTokenHash) await this.deps.repository.spendRepayToken(moved.repayTokenHash, now, tx);
    return moved;
  }

  /** A card payment that needs no code: submitted once (`submit`) and charged (`submitCard`); null when another call submitted it first. */
  async chargeCard(payment: Payment, cardToken: string, now: Date): Promise<Payment | null> {
    const submitted = await this.deps.db.transaction((tx) => this.submit(payment, NOT_SUBMITTED, now, tx));
    return submitted && this.submitCard(submitted, cardToken);
  }

  /**
   * A new code of a card payment in place of the old (attempts back to 0), its SMS written with it,
   * to `phone`. One sender per payment on every instance (an advisory lock, then the payment moved
   * to 'awaiting_code'); unless `asked` (a resend, another card), an unused code sent within the
   * resend window is left to arrive. False when the payment has moved on (submitted meanwhile);
   * repayCodeSendLimit once the payment has had its codes.
   */
  sendCardCode(payment: Payment, phone: string, asked: boolean, now: Date): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      await lockInTransaction(tx, 'repayment-code', String(payment.id));
      if (!(await this.deps.repository.moveStatus(payment.id, NOT_SUBMITTED, 'awaiting_code', now, tx))) return false;
      const current = asked ? null : await this.deps.codes.find(payment.id, tx);
      if (current && holdsTheNextBack(current, now)) return true;
      const code = newRepaymentCode(payment.publicId, now);
      if (!(await this.deps.codes.put(payment.id, code, tx))) throw AppError.rateLimited('repayCodeSendLimit');
      const message: SmsMessage = repaymentCodeSms(payment.market, phone, payment.amountMinor, code.code);
      await this.deps.sms.send(message, tx);
      return true;
    });
  }

  /** A new payment's row, its amount checked on the state read with the order. */
  private newRowIn(state: OrderState, input: Omit<NewPayment, 'order'>, extras: PaymentExtras): NewPaymentRow {
    const due = this.checkAmountIn(state, input.purpose, input.amountMinor);
    return this.newRow({ ...input, order: state.order }, due, extras);
  }

  private newRow(input: NewPayment, due: AmountDue, extras: PaymentExtras): NewPaymentRow {
    return {
      publicId: newPaymentPublicId(),
      borrowerId: input.borrowerId,
      orderId: input.order.id,
      market: input.order.market,
      purpose: input.purpose,
      method: input.method,
      amountMinor: input.amountMinor,
      gateway: this.gatewayFor(input.order.market).name,
      cardId: input.cardId ?? null,
      repayTokenHash: input.repayTokenHash ?? null,
      extensionShiftDays: due.extensionShiftDays,
      ...extras,
    };
  }

  findByPublicId(publicId: string, tx?: Db): Promise<Payment | null> {
    return this.deps.repository.findByPublicId(publicId, tx);
  }

  /**
   * Sends a submitted card payment to its gateway. Call it outside any transaction: the sandbox
   * confirms through the webhook route before answering, and that posting needs the payment's row.
   */
  async submitCard(payment: Payment, cardToken: string): Promise<Payment> {
    if (payment.method !== 'card' || payment.status !== 'submitted') {
      throw new Error(`submitCard takes a submitted card payment, not a ${payment.status} ${payment.method} payment`);
    }
    const gateway = this.gatewayNamed(payment.gateway);
    if (!gateway) throw new Error(`payment gateway ${payment.gateway} is not registered`);
    const { gatewayRef } = await gateway.debitCard({
      paymentRef: payment.publicId,
      market: payment.market,
      amountMinor: payment.amountMinor,
      cardToken,
    });
    await this.deps.repository.setGatewayRefIfMissing(payment.id, gatewayRef);
    return (await this.deps.repository.findByPublicId(payment.publicId))!;
  }

  /**
   * Applies one verified gateway event in ONE transaction: the event's key, the payment's change
   * and its ledger posting commit together or not at all. A redelivered event (same gateway and
   * id) stops at the key and changes nothing; an event of a payment we do not know is kept and
   * answered, so the gateway stops retrying and an operator can look it up.
   */
  applyWebhookEvent(gateway: string, event: WebhookEvent): Promise<WebhookOutcome> {
    return this.deps.db.transaction(async (tx) => {
      if (!(await this.deps.repository.insertWebhookEvent(gateway, event, tx))) return 'duplicate';
      // the order first, then the payment: the same order as a commit takes them, so the two never deadlock
      const known = await this.deps.repository.findByPublicId(event.paymentRef, tx);
      const order = known ? await this.deps.orders.repository.lock(known.orderId, tx) : null;
      const payment = await this.deps.repository.lockByPublicId(event.paymentRef, tx);
      if (!payment || payment.gateway !== gateway) {
        this.deps.log.warn({ gateway, eventId: event.id, paymentRef: event.paymentRef }, 'webhook event for an unknown payment');
        return 'unknown-payment';
      }
      const transition = transitionOf(payment.status, event.type);
      if (!transition) return 'unchanged';
      if (transition.post && event.amountMinor !== payment.amountMinor) {
        // a gateway that took another amount than the payment's: kept for reconciliation, never posted blind
        this.deps.log.error(
          { gateway, eventId: event.id, paymentRef: payment.publicId, expected: payment.amountMinor, received: event.amountMinor },
          'webhook amount differs from the payment',
        );
        return 'amount-mismatch';
      }
      const gatewayRef = payment.gatewayRef ?? event.gatewayRef;
      if (!transition.post) {
        await this.deps.repository.update(
          payment.id,
          { status: transition.to, gatewayRef, ...(transition.to === 'failed' ? { failureReason: event.failureReason ?? 'failed' } : {}) },
          tx,
        );
        return 'applied';
      }
      if (!order) throw new Error(`payment ${payment.publicId} has no order`);
      await postPayment(tx, this.deps.clock, payment, order, closureSms(this.deps.config.publicBaseUrl, this.deps.sms));
      await this.deps.repository.update(payment.id, { status: 'paid', paidAt: this.deps.clock.now(), gatewayRef, failureReason: null }, tx);
      return 'posted';
    });
  }
}
