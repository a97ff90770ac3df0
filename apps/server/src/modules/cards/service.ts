/**
 * The card flow of spec §4 (repay by card): bind a card, open a payment with a single-use repay
 * token, start it with an SMS code (or none, as the gateway says), confirm it. Every decision a
 * race could double (one payment per token, one use per code, one submission per payment) is a
 * single conditional statement, so concurrent calls settle on exactly one winner.
 */
import { randomBytes } from 'node:crypto';
import { Limits, type Market, type MessageKey, ResultCode } from '@kilat/contract';
import type { BankCard, CallData } from '@kilat/contract/schemas';
import type { Config } from '../../config.js';
import { sameHash, sha256 } from '../../crypto.js';
import type { BankCardRow, Payment } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Call } from '../../http/contract-route.js';
import type { Clock } from '../../lending/clock.js';
import { previousAccepted } from '../../secrets.js';
import { releaseHold } from '../coupons/repository.js';
import type { CouponsService } from '../coupons/service.js';
import { type OrdersService, orderKey, owned, viewHoldsUntil } from '../orders/service.js';
import { isLive, isLocked, newRepaymentCode, type RepaymentCodes, repaymentCodeHash, repaymentCodeSms } from '../otp/repayment-codes.js';
import { cardBanks, findCardBank } from '../payments/catalogue.js';
import type { PaymentsPort } from '../payments/ports.js';
import { newPaymentPublicId } from '../payments/random-codes.js';
import { claimedValues } from '../sms/outbox.js';
import type { SmsMessage, SmsProvider } from '../sms/sms-provider.js';
import { cardFingerprint, cardParts, isLuhnValid, maskedCardNo } from './card-number.js';
import type { CardsRepository } from './repository.js';

/** Codes one payment may be sent (the otp module's repayment codes). */
export { REPAY_CODE_SENDS_MAX } from '../otp/repayment-codes.js';

// a holder name as printed on a card: letters (any script), spaces, dots, apostrophes, hyphens; never digits
const HOLDER_NAME = /^\p{L}[\p{L}\p{M} .'-]*$/u;

const CARD_ID = /^[1-9]\d{0,15}$/;

const refuse = (messageKey: MessageKey, httpStatus = 400, values?: Record<string, string | number>) =>
  new AppError(ResultCode.InvalidRequest, messageKey, httpStatus, values);
// business outcomes the page handles (decision 002): 200 with the spec's code
const repeated = () => new AppError(ResultCode.RepeatedRepayment, 'doNotSubmitTwice', 200);
const wrongCode = () => new AppError(ResultCode.WrongVerificationCode, 'verificationCodeWrong', 200);
const tokenInvalid = () => refuse('repayTokenInvalid', 409);
const cardNotFound = () => new AppError(ResultCode.NotFound, 'cardNotFound', 404);
const codeExpired = () => refuse('verificationCodeExpired');
const codeLocked = () => new AppError(ResultCode.RateLimited, 'verificationCodeLocked', 429);
const declined = () => new AppError(ResultCode.PaymentDeclined, 'paymentDeclined', 402);

export const cardView = (card: BankCardRow): BankCard => ({
  id: String(card.id),
  bankName: card.bankName,
  cardNo: maskedCardNo(card.bin, card.last4),
  bankCode: card.bankCode,
});

export interface CardsServiceDeps {
  repository: CardsRepository;
  /** the otp module's repayment codes */
  codes: RepaymentCodes;
  orders: OrdersService;
  payments: PaymentsPort;
  sms: SmsProvider;
  clock: Clock;
  config: Config;
  /** the coupons module: a commit naming a coupon holds it for the token's payment (issue 50) */
  coupons: Pick<CouponsService, 'holdFor'>;
}

/** A call's input as validated (defaults applied). */
type Input<N extends 'bindCard' | 'repaymentWay' | 'repaymentCommit' | 'repaymentConfirm'> = Call<N>['input'];

interface Payer {
  id: number;
  market: Market;
  phone: string;
}

export class CardsService {
  private readonly repository: CardsRepository;
  private readonly codes: RepaymentCodes;
  private readonly orders: OrdersService;
  private readonly payments: PaymentsPort;
  private readonly sms: SmsProvider;
  private readonly clock: Clock;
  private readonly config: Config;
  private readonly coupons: CardsServiceDeps['coupons'];
  /** the gateway that charges each market's cards (PAYMENT_GATEWAY_IN / PAYMENT_GATEWAY_ID): a card bound with another cannot be charged */
  private readonly gateways: Readonly<Record<Market, string>>;

  constructor(deps: CardsServiceDeps) {
    this.repository = deps.repository;
    this.codes = deps.codes;
    this.orders = deps.orders;
    this.payments = deps.payments;
    this.sms = deps.sms;
    this.clock = deps.clock;
    this.config = deps.config;
    this.coupons = deps.coupons;
    this.gateways = deps.config.payments.gateways;
  }

  bankList(market: Market): CallData<'bankList'> {
    return { list: cardBanks[market].map(({ bankCode, bankName }) => ({ bankCode, bankName })) };
  }

  /** Binds a card tokenised at the gateway; the number itself is used here and then forgotten. */
  async bindCard(borrower: Payer, input: Input<'bindCard'>): Promise<BankCard> {
    const bank = findCardBank(borrower.market, input.bankCode);
    if (!bank) throw refuse('bankNotSupported');
    const holderName = input.holderName.replace(/\s+/g, ' ');
    if (!HOLDER_NAME.test(holderName)) throw refuse('cardHolderNameInvalid');
    if (!isLuhnValid(input.cardNo)) throw refuse('cardNumberInvalid');

    const { fingerprintKey, fingerprintKeyPrevious } = this.config.payments;
    const fingerprint = cardFingerprint(fingerprintKey, input.cardNo);
    const gateway = this.payments.gatewayFor(borrower.market);
    let bound = await this.repository.findCardByFingerprint(borrower.id, fingerprint);
    if (!bound && previousAccepted(fingerprintKeyPrevious, this.clock.now())) {
      // fingerprinted before CARD_FINGERPRINT_KEY was rotated (decision 130): recognised, and re-keyed so it stays recognised
      bound = await this.repository.findCardByFingerprint(borrower.id, cardFingerprint(fingerprintKeyPrevious.value, input.cardNo));
      if (bound && (await this.repository.rekeyCard(bound.id, fingerprint))) bound = { ...bound, fingerprint };
    }
    // a card bound with another gateway (the sandbox before a real one) is not chargeable here: the gateway decides again
    if (bound && bound.gateway === gateway.name) return cardView(bound);

    const tokenised = await gateway.tokeniseCard({ market: borrower.market, cardNo: input.cardNo, holderName, bankCode: bank.bankCode });
    const row =
      (await this.repository.insertCard({
        borrowerId: borrower.id,
        market: borrower.market,
        bankCode: bank.bankCode,
        bankName: bank.bankName,
        ...cardParts(input.cardNo),
        holderName,
        gateway: gateway.name,
        gatewayToken: tokenised.token,
        requiresOtp: tokenised.requiresOtp,
        fingerprint,
        createdAt: this.clock.now(),
      })) ??
      // the same card bound twice at the same instant: the other call's row is the card
      (await this.repository.findCardByFingerprint(borrower.id, fingerprint));
    if (!row) throw new Error('a bound card vanished between its insert and its read');
    return cardView(row);
  }

  /** The cards to pay with and a repay token bound to the order, the purpose and the amount. */
  async repaymentWay(borrower: Payer, input: Input<'repaymentWay'>): Promise<CallData<'repaymentWay'>> {
    // the order and its ledger in one read (decision 101); the token's insert and the cards' read in one statement (decision 117)
    // the business date before the state is read: a state read across midnight is not taken for the new day's
    const today = this.clock.today(borrower.market);
    const state = await this.orders.requireOwnedState(borrower.id, input.orderId);
    const { order } = state;
    const due = this.payments.amountDueIn(state, input.purpose);
    const amount = input.amount ?? due.amountMinor;
    this.payments.assertAmountFits(order, input.purpose, amount, due);

    const now = this.clock.now();
    const repayToken = randomBytes(32).toString('base64url');
    const bound = await this.repository.issueTokenReadingCards(
      {
        tokenHash: sha256(repayToken),
        borrowerId: borrower.id,
        orderId: order.id,
        purpose: input.purpose,
        amountMinor: amount,
        expiresAt: new Date(now.getTime() + Limits.repayTokenTtlSeconds * 1000),
        createdAt: now,
        // the state the amount was checked on (decision 119); a decision or disbursal still ahead changes it without a write
        ...(viewHoldsUntil([order], now) === Number.POSITIVE_INFINITY
          ? { orderRevision: order.revision, checkedOn: today, extensionShiftDays: due.extensionShiftDays }
          : {}),
      },
      order.market,
    );
    // a card bound with another gateway (the sandbox, before a real gateway was configured) cannot be charged by this one
    const gateway = this.payments.gatewayFor(order.market).name;
    const cards = bound.filter((card) => card.gateway === gateway);
    // the sandbox (and every gateway we plan) hosts a checkout page, so the third-party option is always offered
    return { alipay: 1, repayToken, bankCards: cards.map(cardView), amount };
  }

  /**
   * Starts the token's payment, or carries on with it: a resend (sendMsg 1) sends a new code in
   * place of the old, and a pay tapped twice finds the payment the first tap made. It reads top to
   * bottom, each module entered once: this service makes the ask; the one way in
   * (`CardsRepository.openOrRead`) opens the payment of a checked token in one statement, or reads
   * the order with its ledger, the token, its payment and the card; the order's state of that read
   * (the ledger module's balances) is what the amount is checked on; the payments module opens, switches, charges or
   * sends the code of the payment; a code written with its payment is handed to the SMS outbox last.
   */
  async repaymentCommit(borrower: Payer, input: Input<'repaymentCommit'>): Promise<CallData<'repaymentCommit'>> {
    const now = this.clock.now();
    const tokenHash = sha256(input.repayToken);
    const cardId = CARD_ID.test(input.cardId) ? Number(input.cardId) : null;
    const orderId = orderKey(input.orderId);
    const couponId = input.couponId?.trim() ?? '';
    // no card named: nothing to open on a checked token, the long way tells why; a coupon is held on the long way (issue 50)
    const first = cardId === null || couponId ? null : this.firstCommit(borrower, input.amount, { orderId, tokenHash, cardId }, now);
    /** the answer with what the coupon took off: the token's amount less what the payment charges */
    const answer = (needValid: number, repayRecordId: string, payAmount: number) => ({
      needValid,
      repayRecordId,
      couponMoney: input.amount - payAmount,
      payAmount,
    });
    const entry = await this.repository.openOrRead({ orderId, tokenHash, borrowerId: borrower.id, cardId, first: first?.write ?? null });
    let withCode: { publicId: string; messageId: number; message: SmsMessage };
    let payAmount = input.amount;
    if ('opened' in entry) withCode = { publicId: first!.write.payment.publicId, messageId: entry.opened, message: first!.message };
    else {
      const { read } = entry;
      const order = owned(borrower.id, read?.order ?? null);
      const { token, card, payment: found } = read!;
      if (!token || token.borrowerId !== borrower.id || token.orderId !== order.id || token.expiresAt <= now) throw tokenInvalid();
      if (token.amountMinor !== input.amount) throw refuse('repayAmountMismatch');
      if (!card || card.market !== order.market || card.gateway !== this.gateways[order.market]) throw cardNotFound();
      // bankName, bankCode and the masked cardNo are the page's echo of the card, whose row is the truth;
      // a coupon's discount is the server's own (decision 251): the page's couponMoney is never read

      // start: the amount checked on the order's state read with it, the coupon held for the token, the payment
      // opened for the amount less the coupon (with its first code when the card asks for one)
      const state = found ? null : this.orders.stateOf(order, read!.ledger, now);
      const discount =
        state && couponId
          ? await this.coupons.holdFor(borrower.id, {
              couponId,
              state,
              purpose: token.purpose,
              amountMinor: token.amountMinor,
              tokenHash: token.tokenHash,
            })
          : null;
      payAmount = token.amountMinor - (discount?.totalMinor ?? 0);
      const started = found
        ? { payment: found }
        : await this.payments
            .openCardPayment(
              state!,
              { borrowerId: borrower.id, purpose: token.purpose, amountMinor: payAmount, cardId: card.id, repayTokenHash: token.tokenHash },
              card.requiresOtp ? borrower.phone : null,
              now,
            )
            .catch(async (error: unknown) => {
              // the payment could not be opened: the coupon is free again at once
              if (discount) await releaseHold(this.repository.db, token.tokenHash);
              throw error;
            });
      if (!('withCode' in started)) {
        let payment = started.payment;
        payAmount = payment.amountMinor;
        if (payment.status === 'submitted' || payment.status === 'paid') throw repeated();
        if (payment.status === 'failed' || payment.status === 'expired') throw tokenInvalid();
        // switch: the borrower cancelled the code, chose another card and paid again with the same token
        const cardChanged = payment.cardId !== card.id;
        if (cardChanged) {
          const switched = await this.payments.switchCard(payment, card.id, now);
          if (!switched) throw repeated();
          payment = switched;
        }
        // submit: a card that needs no code is charged now
        if (!card.requiresOtp) {
          const done = await this.payments.chargeCard(payment, card.gatewayToken, now);
          if (!done) throw repeated();
          if (done.status === 'failed') throw declined();
          return answer(0, done.publicId, payAmount);
        }
        // resend: a new code when asked for (sendMsg 1, another card); else one only if none is on its way
        // ('created': the first tap has made the payment and is sending its code; a lost SMS is what resend is for)
        const asked = cardChanged || input.sendMsg === 1;
        if ((asked || payment.status !== 'created') && !(await this.payments.sendCardCode(payment, borrower.phone, asked, now))) {
          throw repeated();
        }
        return answer(1, payment.publicId, payAmount);
      }
      withCode = started.withCode;
    }
    this.sms.handOver(withCode.messageId, withCode.message, now);
    return answer(1, withCode.publicId, payAmount);
  }

  /** Confirms a card payment with its SMS code, then hands it to the gateway. */
  async repaymentConfirm(borrower: Payer, input: Input<'repaymentConfirm'>): Promise<CallData<'repaymentConfirm'>> {
    const order = await this.orders.requireOwned(borrower.id, input.orderId);
    const payment = await this.payments.findByPublicId(input.repaymentRecordId);
    if (!payment || payment.borrowerId !== borrower.id || payment.orderId !== order.id || payment.method !== 'card') {
      throw AppError.notFound();
    }
    const now = this.clock.now();
    const settled = settledOutcome(payment);
    if (settled) throw settled;

    const code = await this.codes.find(payment.id);
    // a used code most often means a racing confirm won since the payment was read: read it again
    if (!code || !isLive(code, now)) throw await this.whyRefused(payment);
    const typed = repaymentCodeHash(payment.publicId, input.verifyCode);
    if (!sameHash(code.codeHash, typed)) {
      if (await this.codes.countWrongAttempt(payment.id, code.codeHash, now)) throw wrongCode();
      throw await this.whyRefused(payment);
    }

    const submitted = await this.repository.db.transaction(async (tx) => {
      if (!(await this.codes.use(payment.id, typed, now, tx))) return null;
      // the order locked: what is owed now, less card payments on their way, must still cover this one
      const moved = await this.payments.submit(payment, ['awaiting_code'], now, tx);
      // another confirm submitted it first: throwing undoes this code's use too
      if (!moved) throw repeated();
      return moved;
    });
    if (!submitted) throw await this.whyRefused(payment);
    const card = submitted.cardId === null ? null : await this.repository.findCard(borrower.id, submitted.cardId);
    if (!card) throw cardNotFound();
    // the gateway debits the card; the sandbox has confirmed (and the ledger posted) by the time this returns
    const done = await this.payments.submitCard(submitted, card.gatewayToken);
    if (done.status === 'failed') throw declined();
    return { repayRecordId: done.publicId };
  }

  /**
   * What a first commit on a checked token writes in one statement, every check being the
   * statement's (`CardsRepository.openPaymentOnCheckedToken`, decision 119): the payment as the
   * page asks for it, its first code, and the code's SMS (handed over once the statement has written it).
   */
  private firstCommit(borrower: Payer, amountMinor: number, asked: { orderId: number; tokenHash: string; cardId: number }, now: Date) {
    const publicId = newPaymentPublicId();
    const code = newRepaymentCode(publicId, now);
    const message = repaymentCodeSms(borrower.market, borrower.phone, amountMinor, code.code);
    const payment = {
      publicId,
      borrowerId: borrower.id,
      orderId: asked.orderId,
      market: borrower.market,
      gateway: this.gateways[borrower.market],
      cardId: asked.cardId,
      repayTokenHash: asked.tokenHash,
      amountMinor,
      today: this.clock.today(borrower.market),
    };
    return { message, write: { payment, code, sms: claimedValues(message, now) } };
  }

  /** Why a code could not be counted or used: read again, since another call changed it meanwhile. */
  private async whyRefused(payment: Payment): Promise<AppError> {
    const now = this.clock.now();
    const current = (await this.payments.findByPublicId(payment.publicId)) ?? payment;
    const settled = settledOutcome(current);
    if (settled) return settled;
    const code = await this.codes.find(payment.id);
    if (code && isLocked(code, now)) return codeLocked();
    return codeExpired();
  }
}

/** A payment past its code: submitted or paid is a repeat (800005), a declined one says so, an expired one starts again. */
const settledOutcome = (payment: Payment): AppError | null => {
  if (payment.status === 'submitted' || payment.status === 'paid') return repeated();
  if (payment.status === 'failed') return declined();
  if (payment.status === 'expired') return tokenInvalid();
  return null;
};
