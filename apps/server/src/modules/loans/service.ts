/**
 * Every Loan (v3) call of spec §7 behind its handler: the offer, the submit with its underwriting,
 * the order details, the installment plan, the extension offer and the rating. Status is always
 * derived (OrdersService), money is whole minor units, texts come in the borrower's language.
 */
import {
  actionsOf,
  formatDate,
  formatMoney,
  formatRate,
  type Locale,
  Market,
  type OrderStatus,
  PagePaths,
  RecommendModule,
  ResultCode,
} from '@kilat/contract';
import type { CallData } from '@kilat/contract/schemas';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { ReadCache } from '../../db/read-cache.js';
import { RevisionMemo } from '../../db/revision-memo.js';
import type { Order, Product } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { SerializedData } from '../../http/envelope.js';
import type { Clock } from '../../lending/clock.js';
import { coolingOffDaysOf } from '../../lending/cooling-off.js';
import { canExtend, type ExtensionOffer, extensionOffer } from '../../lending/extension.js';
import { currentPeriod, type LedgerReplay, overdueDaysOn } from '../../lending/ledger-replay.js';
import { aprBps, costOf, dailyRateText, offerAmount, penaltyText, type Speak, scheduleOf } from '../../lending/pricing-view.js';
import { periodDueDay, periodTotal } from '../../lending/schedule.js';
import type { AgreementsService } from '../agreements/service.js';
import { amountOwedToday, quoteOf } from '../ledger/replay.js';
import { recordMessage } from '../messages/repository.js';
import { type OrderState, type OrdersService, orderKey, owned, viewHoldsUntil, viewStampOf } from '../orders/service.js';
import type { ProductsService } from '../products/service.js';
import type { RecommendRepository } from '../recommend/repository.js';
import type { LoanDetailsRow, LoansRepository } from './repository.js';
import { decide, underwritingTimes } from './underwriting.js';
import { delayRows, detailRows, disbursalNotice, disbursalOf, disbursalRows, noticeOf, planPeriods } from './views.js';

/** The web's loan-details route (the contract's PagePaths); the page adds from=confirm. */
export const LOAN_DETAILS_PATH = PagePaths.loanDetails;
/** The same loan submitted again within this time is the same submission (a double tap), not a second loan. */
const REPEATED_SUBMIT_WINDOW_MS = 60_000;

/** termUnit of the offer and of the submit: the term is counted in days. */
export const TERM_UNIT_DAY = 1;

const ORDER_NO_DIGITS = 8;

export interface LoansDeps {
  db: Db;
  clock: Clock;
  config: Config;
  orders: OrdersService;
  products: ProductsService;
  repository: LoansRepository;
  catalogue: RecommendRepository;
  /** the catalogue's products loan details recommends, per market, as the page shows them (kept briefly, decision 100) */
  recommended: ReadCache<Market, RecommendedProducts>;
  agreements: AgreementsService;
  /** the disbursal (modules/payouts): the account a loan is sent to, and the approval's outbox */
  payouts: ApprovalPayouts;
}

/** What submit needs of the disbursal (modules/payouts, issue 28), which imports the loans module and so is given here. */
export interface ApprovalPayouts {
  /** the borrower's active, validated disbursal account; null when there is none */
  activeValidAccount(borrowerId: number, tx: Db): Promise<{ id: number } | null>;
  /** queues the approved order's first payout in the submit's transaction: the outbox the payout job sends after the commit */
  queueFirst(
    tx: Db,
    order: Pick<Order, 'id' | 'borrowerId' | 'orderNo' | 'market' | 'principalMinor'>,
    accountId: number,
    nextTryAt: Date,
  ): Promise<unknown>;
}

const loanMismatch = () => new AppError(ResultCode.InvalidRequest, 'loanProductMismatch', 400);
/** Submit without a validated disbursal account: the borrower is told to add one first. */
const needsAccount = () => new AppError(ResultCode.InvalidRequest, 'loanNeedsDisbursalAccount', 409);

type RecommendedProducts = CallData<'loanDetails'>['recProducts'];

/** Views of loan details kept in memory at most (one per order and language; decision 115). */
const KEPT_DETAILS = 10_000;

export class LoansService {
  private readonly keptDetails = new RevisionMemo<{ data: SerializedData<CallData<'loanDetails'>>; recommended: RecommendedProducts }>(
    KEPT_DETAILS,
  );

  constructor(private readonly deps: LoansDeps) {}

  private async product(market: Market, productId: string): Promise<Product> {
    const product = await this.deps.products.findActive(market, productId);
    if (!product) throw AppError.notFound();
    return product;
  }

  /** The borrower's order, made with the product the page names. */
  private async ownedOrder(borrowerId: number, productId: string, orderId: string) {
    const order = await this.deps.orders.requireOwned(borrowerId, orderId);
    if (String(order.productId) !== productId.trim()) throw loanMismatch();
    return this.deps.orders.withStatus(order);
  }

  async confirm(borrowerId: number, market: Market, productId: string, t: Speak): Promise<CallData<'loanConfirm'>> {
    const product = await this.product(market, productId);
    const borrower = await this.deps.orders.repository.borrower(borrowerId);
    if (!borrower) throw AppError.unauthenticated();
    const principalMinor = offerAmount(product, borrower.monthlySalaryMinor);
    const today = this.deps.clock.today(market);
    const terms = { market, principalMinor, termDays: product.termDays, periods: product.periods, pricing: product.pricing };
    const schedule = scheduleOf(terms, today);
    const cost = costOf(schedule);
    const money = (minor: number) => formatMoney(minor, market);
    const apr = aprBps(principalMinor, today, schedule);
    const rate = dailyRateText(product.pricing.dailyInterestBps, market, t);
    const agreementUrl = await this.deps.agreements.link(borrowerId, product.id, null, 0);
    const data: CallData<'loanConfirm'> = {
      productLogo: product.logoUrl,
      productName: product.name,
      amount: principalMinor,
      periods: product.termDays,
      termUnit: TERM_UNIT_DAY,
      // amount, term and rate have their own fields (and their own place on the page): listed once
      details: [
        { text: t('loanInterest'), value: money(cost.interestMinor) },
        { text: t('loanServiceFee'), value: money(cost.feeMinor) },
        { text: t('loanTotalRepayment'), value: money(cost.totalMinor) },
        { text: t('repaymentDate'), value: schedule.at(-1)!.dueDate },
      ],
      repay_plans: schedule.map((period) => ({
        title: t('loanPeriodTitle', { n: period.periodNo, total: schedule.length }),
        description: t('loanPeriodDescription', {
          principal: money(period.principalMinor),
          interest: money(period.interestMinor),
          fee: money(period.feeMinor),
        }),
        amount: periodTotal(period),
        pay_time: period.dueDate,
      })),
      firstPayTime: schedule[0]!.dueDate,
      firstPeriodDay: periodDueDay(product.termDays, product.periods, 1),
      pRateDsc: rate,
      sendSms: 0,
      isPopType: 1,
      popContent: t('loanAgreementPopContent'),
      popTitle: t('loanAgreementTitle'),
      popAgreementUrl: agreementUrl,
      note: t('loanConfirmNote'),
      sp_rate: formatRate(apr, market),
    };
    if (market === Market.India) {
      data.keyFacts = {
        principalMinor,
        totalCostMinor: cost.costMinor,
        totalRepaymentMinor: cost.totalMinor,
        aprBps: apr,
        apr: formatRate(apr, market),
        fees: [
          { text: t('loanInterest'), value: money(cost.interestMinor) },
          { text: t('loanServiceFee'), value: money(cost.feeMinor) },
          { text: t('loanPenalty'), value: penaltyText(product.pricing, market, borrower.isRepeatClient, t) },
          ...(product.pricing.extension ? [{ text: t('delayFee'), value: formatRate(product.pricing.extension.feeBps, market) }] : []),
          { text: t('loanCoolingOff'), value: t('loanCoolingOffTerms', { days: coolingOffDaysOf(market, product.pricing) ?? 0 }) },
        ],
      };
    }
    return data;
  }

  /** Submit: checks the term against the product, decides, and writes the order, its schedule and its ledger row in one transaction. */
  async push(
    borrowerId: number,
    market: Market,
    input: { productId: string; amount: number; periods: number; termUnit: number },
  ): Promise<CallData<'loanPush'>> {
    const product = await this.product(market, input.productId);
    if (input.termUnit !== TERM_UNIT_DAY || input.periods !== product.termDays) {
      throw new AppError(ResultCode.InvalidRequest, 'loanTermMismatch', 400);
    }
    const borrower = await this.deps.orders.repository.borrower(borrowerId);
    if (!borrower) throw AppError.unauthenticated();
    // the money goes to the borrower's validated account: without one there is nothing to lend to (issue 28)
    if (!(await this.deps.payouts.activeValidAccount(borrowerId, this.deps.db))) throw needsAccount();
    const decision = decide({ market, monthlySalaryMinor: borrower.monthlySalaryMinor, amountMinor: input.amount, product });
    const submittedAt = this.deps.clock.now();
    // the decision shows after its delay; nothing about the disbursal is dated ahead (it follows the payout)
    const { decidedAt } = underwritingTimes(submittedAt, this.deps.config.underwriting);
    const digits = String(Math.floor(Math.random() * 10 ** ORDER_NO_DIGITS)).padStart(ORDER_NO_DIGITS, '0');
    const orderNo = `KL${market}${this.deps.clock.today(market).replaceAll('-', '')}${digits}`;
    const repository = this.deps.orders.repository;
    const orderId = await this.deps.db.transaction(async (tx) => {
      // one submit at a time per borrower; a double tap (the same loan again within the window) gets the first order
      await repository.lockBorrower(borrowerId, tx);
      const since = new Date(submittedAt.getTime() - REPEATED_SUBMIT_WINDOW_MS);
      const repeated = await repository.recentSameOrder(borrowerId, product.id, input.amount, since, tx);
      if (repeated !== null) return repeated;
      const account = await this.deps.payouts.activeValidAccount(borrowerId, tx);
      if (!account) throw needsAccount();
      const order = {
        orderNo,
        borrowerId,
        productId: product.id,
        market,
        principalMinor: input.amount,
        termDays: product.termDays,
        periods: product.periods,
        pricing: product.pricing,
        appliedAt: submittedAt,
        decision,
        decidedAt,
        disbursedAt: null,
        isRepeatClient: borrower.isRepeatClient,
      };
      // no schedule and no ledger row yet: the loan starts the day its payout lands (DESIGN §4)
      const id = await repository.insertWithSchedule(order, [], tx);
      if (decision === 'approved') {
        // the message centre: the approval shows when it is decided (decision 108)
        const message = { borrowerId, orderId: id, params: { orderNo } };
        await recordMessage(tx, { ...message, kind: 'approved', idempotencyKey: `approved:${id}`, shownAt: decidedAt });
        // the outbox: the payout job sends it once this transaction committed and the decision shows (decision 135)
        await this.deps.payouts.queueFirst(tx, { id, borrowerId, orderNo, market, principalMinor: input.amount }, account.id, decidedAt);
      }
      return id;
    });
    const query = new URLSearchParams({ productId: String(product.id), orderId: String(orderId) });
    return { lendDetailsUrl: `${LOAN_DETAILS_PATH}?${query}` };
  }

  private extensionOfferFor(order: Order, status: OrderStatus, replay: LedgerReplay): ExtensionOffer {
    const current = currentPeriod(replay);
    if (!canExtend(status) || current === null) return { eligible: false, reason: 'status' };
    return extensionOffer(
      {
        market: order.market,
        status,
        terms: order.pricing.extension,
        principalMinor: order.principalMinor,
        dueDate: current.dueDate,
        chargedCostMinor: replay.chargedCostMinor,
        totalCostCapBps: order.pricing.totalCostCapBps,
      },
      this.deps.clock.today(order.market),
    );
  }

  /** The extension offer of an order right now, the fee the payments module charges; reads in `tx` when given. */
  async extensionOfferOf(order: Order, tx?: Db): Promise<ExtensionOffer> {
    return this.extensionOfferIn(await this.deps.orders.withStatus(order, tx));
  }

  extensionOfferIn({ order, status, replay }: OrderState): ExtensionOffer {
    return this.extensionOfferFor(order, status, replay);
  }

  /**
   * Loan details of the borrower's order. The order's stamp comes first (one indexed row: owner,
   * product, revision); the view computed for that revision, business date and language is sent
   * again as it was while nothing it was computed from changed (decision 115), else the order, its
   * schedule, ledger, product and rating are read in one statement and the view computed.
   */
  async details(
    borrowerId: number,
    productId: string,
    orderId: string,
    t: Speak,
    locale: Locale,
  ): Promise<SerializedData<CallData<'loanDetails'>>> {
    const id = orderKey(orderId);
    const stamp = owned(borrowerId, await this.deps.repository.stampOf(id));
    if (String(stamp.productId) !== productId.trim()) throw loanMismatch();
    const { market } = stamp;
    const today = this.deps.clock.today(market);
    const recommended = await this.deps.recommended.get(market);
    const key = `${id}:${locale}`;
    const kept = this.keptDetails.get(key, viewStampOf([{ ...stamp, id }], today), this.deps.clock.now().getTime());
    if (kept?.recommended === recommended) return kept.data;

    const found = await this.deps.repository.detailsOf(id);
    if (!found) throw AppError.notFound();
    const now = this.deps.clock.now();
    const data = SerializedData.of<CallData<'loanDetails'>>(this.detailsView(found, recommended, now, t));
    // a view computed across midnight is not kept under either day
    if (this.deps.clock.today(market) === today) {
      const { order, productName, productLogo } = found;
      this.keptDetails.set(key, viewStampOf([{ ...order, productName, productLogo }], today), viewHoldsUntil([order], now), {
        data,
        recommended,
      });
    }
    return data;
  }

  private detailsView(found: LoanDetailsRow, recommended: RecommendedProducts, now: Date, t: Speak): CallData<'loanDetails'> {
    const { order, productName, productLogo, rated, ledger } = found;
    const { status, facts, replay } = this.deps.orders.stateOf(order, ledger, now);
    const market = order.market;
    const money = (minor: number) => formatMoney(minor, market);
    const today = this.deps.clock.today(market);
    const offer = this.extensionOfferFor(order, status, replay);
    const { position } = facts;
    const dueDate = position.currentDueDate ?? order.dueDate ?? '';
    const overdueDays = overdueDaysOn(replay, today);
    const owing = actionsOf(status).repay;
    const nextPeriod = owing ? currentPeriod(replay) : null;
    const quote = owing ? quoteOf(order, replay, today) : null;

    const appliedOn = formatDate(order.appliedAt, market);
    const dailyRate = dailyRateText(order.pricing.dailyInterestBps, market, t);
    // an instalment loan asks its next instalment by that instalment's date (issue 30 item 3); in the
    // due window never more than closing the loan costs today (interest to the day)
    const owedToday = amountOwedToday(order, replay, today);
    const amountNow = owedToday.askedMinor;
    const rows = detailRows(
      {
        order,
        status,
        disbursed: facts.disbursed,
        position,
        replay,
        dueDate,
        overdueDays,
        owing,
        quote,
        appliedOn,
        dailyRate,
        amountDueMinor: owedToday.totalMinor,
      },
      t,
      money,
    );
    const disbursal = disbursalOf(status, order.cancelledAt !== null, found.payout);
    rows.push(...disbursalRows(disbursal, t));
    // paid on a loan whose money came back (decision 137): owed back to the borrower
    if (!facts.disbursed && replay.overpaidMinor > 0) rows.push({ text: t('loanRefundDue'), value: money(replay.overpaidMinor) });
    return {
      orderStatus: status,
      ...noticeOf(status, t, { amount: money(amountNow), date: nextPeriod?.dueDate ?? dueDate, days: overdueDays }),
      ...disbursalNotice(disbursal, found.payout?.failureCode ?? null, t),
      ...(disbursal ? { disbursal } : {}),
      recProducts: recommended,
      productName,
      productLogo,
      userOrderDetail: { detail: rows },
      inside: 0,
      // empty: the page goes to its own repay page with the shared params (spec §4)
      h5Url: '',
      isDelay: offer.eligible ? 1 : 0,
      telephone: this.deps.config.support[market].smWa,
      isScore: actionsOf(status).rate && !rated ? '1' : '0',
      playeduL: '',
      reyMsg: '',
      ...(quote?.coolingOff?.open ? { coolingOff: { lastDay: quote.coolingOff.lastDay, exitMinor: quote.coolingOff.exitMinor } } : {}),
    };
  }

  async installmentPlan(borrowerId: number, productId: string, orderId: string, t: Speak): Promise<CallData<'installmentPlan'>> {
    const { order, status, facts, replay } = await this.ownedOrder(borrowerId, productId, orderId);
    const product = await this.deps.products.findById(order.productId);
    const market = order.market;
    const today = this.deps.clock.today(market);
    const periods = facts.disbursed ? replay.periods : [];
    // a period can be paid now when the rules let a repayment of its size through today (prepayment opens at half the term)
    const quote = facts.disbursed ? quoteOf(order, replay, today) : null;
    // (the cooling-off exit is not a period: it is paid from loan details)
    const payable = actionsOf(status).repay && (quote?.ordinaryMaxRepayMinor ?? 0) > 0;
    // the loan may be closed today (in its due window, or prepayment has opened): all periods together ask the payoff (DESIGN §4)
    const closing = quote && (quote.prepayAllowed || !quote.early) ? { interestWaivedMinor: quote.interestWaivedMinor } : null;
    const repayPlanDetail = planPeriods(
      periods,
      replay.penaltyOwedMinor,
      today,
      payable,
      t,
      (minor) => formatMoney(minor, market),
      closing,
    );
    return {
      productName: product?.name ?? '',
      repayPlanDetail,
      repayWaitCount: repayPlanDetail.repayWaitDetail.length,
      note:
        // nothing payable yet (a single payment before prepayment opens): say from when; an instalment loan's next one always is
        quote?.early && !quote.prepayAllowed && !payable
          ? `${t('loanInstallmentNote')} ${t('prepaymentNotYet', { date: quote.prepayOpensOn })}`
          : closing && payable && repayPlanDetail.repayWaitDetail.length > 1
            ? t('loanInstallmentCloseNote', { amount: formatMoney(quote!.payoffMinor, market) })
            : t('loanInstallmentNote'),
    };
  }

  async delayDetail(borrowerId: number, productId: string, orderId: string, t: Speak): Promise<CallData<'delayDetail'>> {
    const { order, status, facts, replay } = await this.ownedOrder(borrowerId, productId, orderId);
    const offer = this.extensionOfferFor(order, status, replay);
    if (!offer.eligible) throw new AppError(ResultCode.InvalidRequest, 'loanExtensionUnavailable', 409);
    const market = order.market;
    const product = await this.deps.products.findById(order.productId);
    const { position } = facts;
    return {
      productName: product?.name ?? '',
      productLogo: product?.logoUrl ?? '',
      delayShouldPayAmount: offer.feeMinor,
      delayExpiryTime: `${offer.expiresOn} 23:59:59`,
      orderDetail: { detail: delayRows(order, position, offer, t, (minor) => formatMoney(minor, market)) },
      telephone: this.deps.config.support[market].smWa,
    };
  }

  /** The stars the borrower picked (DESIGN §6), once per settled or closed loan. */
  async storeScore(borrowerId: number, input: { productId: string; orderId: string; score: number }): Promise<null> {
    const { order, status } = await this.ownedOrder(borrowerId, input.productId, input.orderId);
    if (!actionsOf(status).rate) throw new AppError(ResultCode.InvalidRequest, 'loanRatingUnavailable', 409);
    const stored = await this.deps.repository.insertScore(order.id, borrowerId, input.score);
    if (!stored) throw new AppError(ResultCode.InvalidRequest, 'loanAlreadyRated', 409);
    return null;
  }

  /** The event save: module 30 is 'loan more', about one of the market's loan products. */
  async saveEvent(borrowerId: number, market: Market, input: { productId: string; moduleId: number; positionId: number }): Promise<null> {
    const id = input.productId.trim();
    if (!/^[1-9]\d{0,15}$/.test(id)) throw AppError.invalid('productId');
    if (input.moduleId === RecommendModule.loanMoreEvent) await this.product(market, id);
    await this.deps.repository.insertEvent({
      kind: 'event',
      borrowerId,
      productId: Number(id),
      moduleId: input.moduleId,
      positionId: input.positionId,
    });
    return null;
  }

  /** A tap on a recommended product of loan details: recorded with the order, answered with the product's URL. */
  async recommendedTap(
    borrowerId: number,
    market: Market,
    input: { productId: string; orderId: string; positionId: number },
  ): Promise<CallData<'recommendedTap'>> {
    const order = await this.deps.orders.requireOwned(borrowerId, input.orderId);
    const product = await this.deps.catalogue.findProduct(market, input.productId);
    if (!product) throw AppError.notFound();
    if (product.buttonStatus !== 1) throw new AppError(ResultCode.InvalidRequest, 'productUnavailable', 400);
    await this.deps.repository.insertEvent({
      kind: 'recommended_tap',
      borrowerId,
      productId: product.id,
      orderId: order.id,
      positionId: input.positionId,
    });
    return { url: product.target };
  }
}
