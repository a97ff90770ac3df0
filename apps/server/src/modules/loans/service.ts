/**
 * Every Loan (v3) call of spec §7 behind its handler: the offer, the submit with its underwriting,
 * the order details, the installment plan, the extension offer and the rating. Status is always
 * derived (OrdersService), money is whole minor units, texts come in the borrower's language.
 */

import { randomBytes } from 'node:crypto';
import {
  actionsOf,
  formatApr,
  formatDate,
  formatMoney,
  formatRate,
  interpolate,
  type Locale,
  localeOf,
  Market,
  OrderStatus,
  PagePaths,
  RecommendModule,
  ResultCode,
} from '@kilat/contract';
import type { CallData } from '@kilat/contract/schemas';
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { ReadCache } from '../../db/read-cache.js';
import { RevisionMemo } from '../../db/revision-memo.js';
import { type LoanProposal, ledgerEntries, loanProposals, type Order, orders, type Product, payouts } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { SerializedData } from '../../http/envelope.js';
import { textIn } from '../../http/language.js';
import { addWorkingDays } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { coolingOffDaysOf } from '../../lending/cooling-off.js';
import { decideApplication, reviewDueAt } from '../../lending/decision.js';
import { canExtend, type ExtensionOffer, extensionOffer } from '../../lending/extension.js';
import { currentPeriod, type LedgerReplay, overdueDaysOn } from '../../lending/ledger-replay.js';
import { nameMatchScore } from '../../lending/name-match.js';
import { borrowerLimitMinor, chooseOffer, type OfferChoice } from '../../lending/offer-choice.js';
import { aprBps, costOf, dailyRateText, penaltyText, type Speak, scheduleOf } from '../../lending/pricing-view.js';
import { periodDueDay, periodTotal } from '../../lending/schedule.js';
import { CLOSURE_POSITION, closureOf } from '../agreements/closure-letter.js';
import type { AgreementsService } from '../agreements/service.js';
import { type BorrowerIdentity, identityOf } from '../identity/identity-of.js';
import { amountOwedToday, quoteOf } from '../ledger/replay.js';
import { ledgersOf } from '../ledger/repository.js';
import { recordMessage } from '../messages/repository.js';
import { type OrderState, type OrdersService, orderKey, owned, viewHoldsUntil, viewStampOf } from '../orders/service.js';
import { refuseIfWrittenOff } from '../orders/written-off.js';
import { type ProductsService, productViolations } from '../products/service.js';
import type { RecommendRepository } from '../recommend/repository.js';
import type { SmsProvider } from '../sms/sms-provider.js';
import { decisionStore, type LoanDetailsRow, type LoansRepository } from './repository.js';
import {
  daysText,
  decisionNotice,
  decisionRows,
  delayRows,
  detailRows,
  disbursalNotice,
  disbursalOf,
  disbursalRows,
  noticeOf,
  noticeStatusOf,
  planPeriods,
} from './views.js';

/** The web's loan-details route (the contract's PagePaths); the page adds from=confirm. */
export const LOAN_DETAILS_PATH = PagePaths.loanDetails;
/** The same loan submitted again within this time is the same submission (a double tap), not a second loan. */
const REPEATED_SUBMIT_WINDOW_MS = 60_000;

/** termUnit of the offer and of the submit: the term is counted in days. */
export const TERM_UNIT_DAY = 1;

const ORDER_NO_DIGITS = 8;
/** RBI's KFS: an offer stays valid at least 3 working days (decision 150) */
const PROPOSAL_VALID_WORKING_DAYS = 3;
/** the signed agreement's link in the SMS stays open as long as a loan can run (spec §9: 365 days) */
const SIGNED_AGREEMENT_LINK_TTL_MS = 400 * 86_400_000;

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
  /** the SMS outbox: the signed agreement's link goes out after commit */
  sms: Pick<SmsProvider, 'send'>;
}

/** What submit needs of the disbursal (modules/payouts, issue 28), which imports the loans module and so is given here. */
export interface ApprovalPayouts {
  /** the borrower's active, validated disbursal account; null when there is none */
  activeValidAccount(
    borrowerId: number,
    tx: Db,
  ): Promise<{ id: number; nameMatchScore?: number | null; registeredName?: string | null } | null>;
  /** queues the approved order's first payout in the submit's transaction: the outbox the payout job sends after the commit */
  queueFirst(
    tx: Db,
    order: Pick<Order, 'id' | 'borrowerId' | 'orderNo' | 'market' | 'principalMinor'>,
    accountId: number,
    nextTryAt: Date,
  ): Promise<unknown>;
}

/** Whether loan details offers withdrawal (decision 149): under review, or approved with its payout still queued. */
const canWithdraw = (status: OrderStatus, payoutStatus: string | null) =>
  status === OrderStatus.UnderReview || (status === OrderStatus.Disbursing && payoutStatus === 'queued');

const loanMismatch = () => new AppError(ResultCode.InvalidRequest, 'loanProductMismatch', 400);
/** Submit without a validated disbursal account: the borrower is told to add one first. */
const needsAccount = () => new AppError(ResultCode.InvalidRequest, 'loanNeedsDisbursalAccount', 409);
/** Submit without an identity the provider verified or is deciding: the borrower is told to prove who they are first (decision 161). */
const needsIdentity = () => new AppError(ResultCode.InvalidRequest, 'loanNeedsIdentity', 409);
/**
 * Open loans that leave less than the product's smallest amount of the limit: nothing can be borrowed now (issue 48).
 * Loan confirm says so and offers nothing; a submit all the same is the decision engine's to reject, with its reason
 * (open loans within the limit, or a salary under the floor when the limit is too small by itself).
 */
const nothingLeftOf = (offer: { availableMinor: number; limitMinor: number; product: { amountMinMinor: number } }) =>
  offer.limitMinor >= offer.product.amountMinMinor && offer.availableMinor < offer.product.amountMinMinor;
const lendsTo = (identity: BorrowerIdentity) => identity.status === 'verified' || identity.status === 'pending';

/**
 * The account's name score the name-match rule reads (decision 161): against the verified identity
 * document's name when there is one (the name on the account must be the person identified), else
 * the score stored when the account was validated against the applicant's name (decision 133).
 */
const accountScoreOf = (account: { nameMatchScore?: number | null; registeredName?: string | null }, identity: BorrowerIdentity) =>
  identity.status === 'verified' && identity.name && account.registeredName
    ? nameMatchScore(identity.name, account.registeredName)
    : (account.nameMatchScore ?? null);

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

  /** The offer for the amount and term asked, held within the product's steps and options and the borrower's limit (decision 147). */
  private async offerFor(borrowerId: number, market: Market, productId: string, asked: { amountMinor?: number; termDays?: number }) {
    const product = await this.product(market, productId);
    const borrower = await this.deps.orders.repository.borrower(borrowerId);
    if (!borrower) throw AppError.unauthenticated();
    // a borrower whose loan was written off has no limit: loan confirm and the submit are refused (decision 170)
    await refuseIfWrittenOff(this.deps.db, borrowerId);
    const limitMinor = borrowerLimitMinor(product, borrower.monthlySalaryMinor);
    // what the borrower's other open loans leave of the limit is what may be chosen (the decision's open-loans rule)
    const availableMinor = limitMinor - (await this.deps.orders.repository.openPrincipalMinor(borrowerId));
    const choice = chooseOffer(product, availableMinor, asked);
    const today = this.deps.clock.today(market);
    const terms = {
      market,
      principalMinor: choice.amountMinor,
      termDays: choice.termDays,
      periods: product.periods,
      pricing: product.pricing,
    };
    const schedule = scheduleOf(terms, today);
    const cost = costOf(schedule);
    const apr = aprBps(choice.amountMinor, today, schedule);
    return { product, borrower, limitMinor, availableMinor, choice, today, schedule, cost, apr };
  }

  /**
   * The key fact statement's proposal for these terms (decision 150): the same offer asked again while
   * its proposal is valid answers that proposal; once it lapsed (3 working days) a new one is made.
   */
  private async proposalFor(
    tx: Db,
    borrowerId: number,
    offer: { product: Product; choice: OfferChoice; today: string; apr: number; cost: { totalMinor: number } },
  ): Promise<LoanProposal> {
    const { product, choice, today, apr, cost } = offer;
    const same = and(
      eq(loanProposals.borrowerId, borrowerId),
      eq(loanProposals.productId, product.id),
      eq(loanProposals.amountMinor, choice.amountMinor),
      eq(loanProposals.termDays, choice.termDays),
      eq(loanProposals.aprBps, apr),
      eq(loanProposals.totalRepaymentMinor, cost.totalMinor),
      gte(loanProposals.validUntil, today),
    );
    const [kept] = await tx.select().from(loanProposals).where(same).orderBy(desc(loanProposals.id)).limit(1);
    if (kept) return kept;
    const [made] = await tx
      .insert(loanProposals)
      .values({
        proposalNo: `KFS${product.market}${today.replaceAll('-', '')}${randomBytes(5).toString('hex').toUpperCase()}`,
        borrowerId,
        productId: product.id,
        amountMinor: choice.amountMinor,
        termDays: choice.termDays,
        aprBps: apr,
        totalRepaymentMinor: cost.totalMinor,
        issuedOn: today,
        validUntil: addWorkingDays(today, PROPOSAL_VALID_WORKING_DAYS),
      })
      .returning();
    return made!;
  }

  async confirm(
    borrowerId: number,
    market: Market,
    input: { productId: string; amount?: number | undefined; term?: number | undefined },
    t: Speak,
  ): Promise<CallData<'loanConfirm'>> {
    const offer = await this.offerFor(borrowerId, market, input.productId, { amountMinor: input.amount, termDays: input.term });
    const { product, borrower, choice, schedule, cost, apr, availableMinor } = offer;
    const principalMinor = choice.amountMinor;
    const money = (minor: number) => formatMoney(minor, market);
    const rate = dailyRateText(product.pricing.dailyInterestBps, market, t);
    const proposal = await this.proposalFor(this.deps.db, borrowerId, offer);
    const agreementUrl = await this.deps.agreements.link(borrowerId, product.id, null, 0, { proposalNo: proposal.proposalNo });
    const data: CallData<'loanConfirm'> = {
      productLogo: product.logoUrl,
      productName: product.name,
      amount: principalMinor,
      periods: choice.termDays,
      termUnit: TERM_UNIT_DAY,
      // amount, term and rate have their own fields (and their own place on the page): listed once
      details: [
        { text: t('loanInterest'), value: money(cost.interestMinor) },
        { text: t('loanServiceFee'), value: money(cost.feeMinor) },
        { text: t('loanTotalRepayment'), value: money(cost.totalMinor) },
        { text: t('repaymentDate'), value: schedule.at(-1)!.dueDate },
        { text: t('loanProposalNo'), value: proposal.proposalNo },
        { text: t('loanProposalValidUntil'), value: proposal.validUntil },
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
      firstPeriodDay: periodDueDay(choice.termDays, product.periods, 1),
      pRateDsc: rate,
      sendSms: 0,
      isPopType: 1,
      popContent: t('loanAgreementPopContent'),
      popTitle: t('loanAgreementTitle'),
      popAgreementUrl: agreementUrl,
      note: t('loanConfirmNote'),
      sp_rate: formatApr(apr, market),
      choice: {
        amountMinMinor: choice.amountMinMinor,
        amountMaxMinor: choice.amountMaxMinor,
        amountStepMinor: choice.amountStepMinor,
        termOptions: choice.termOptions,
        // open loans that use the whole limit leave nothing to choose: said so, and nothing is offered to confirm (issue 48)
        limitNote: nothingLeftOf(offer)
          ? t('loanNoLimitLeft', { limit: money(offer.limitMinor) })
          : t('loanLimitNote', { limit: money(Math.max(0, availableMinor)) }),
        ...(nothingLeftOf(offer) ? { nothingLeft: true } : {}),
      },
      proposalNo: proposal.proposalNo,
      proposalValidUntil: proposal.validUntil,
    };
    data.keyFacts = {
      principalMinor,
      totalCostMinor: cost.costMinor,
      totalRepaymentMinor: cost.totalMinor,
      aprBps: apr,
      apr: formatApr(apr, market),
      fees: [
        { text: t('loanInterest'), value: money(cost.interestMinor) },
        { text: t('loanServiceFee'), value: money(cost.feeMinor) },
        { text: t('loanPenalty'), value: penaltyText(product.pricing, market, borrower.isRepeatClient, t) },
        ...(product.pricing.extension ? [{ text: t('delayFee'), value: formatRate(product.pricing.extension.feeBps, market) }] : []),
        ...(market === Market.India
          ? [
              {
                text: t('loanCoolingOff'),
                value: t('loanCoolingOffTerms', { period: daysText(coolingOffDaysOf(market, product.pricing) ?? 0, t) }),
              },
            ]
          : []),
      ],
    };
    return data;
  }

  /**
   * Submit: the term must be one of the product's, the proposal (when named) still valid; the decision
   * engine decides now (decision 148) and the order, each rule's result, the approval's payout (the
   * outbox) and the signed agreement's SMS are written in one transaction. An approval is 151 at once,
   * a rejection 110 with its main reason, a review 21 until the risk role decides (within 1 day).
   */
  async push(
    borrowerId: number,
    market: Market,
    input: { productId: string; amount: number; periods: number; termUnit: number; proposalNo?: string | undefined },
  ): Promise<CallData<'loanPush'>> {
    const product = await this.product(market, input.productId);
    if (input.termUnit !== TERM_UNIT_DAY || !product.termOptions.includes(input.periods)) {
      throw new AppError(ResultCode.InvalidRequest, 'loanTermMismatch', 400);
    }
    // the market's caps at the term chosen (decision 234): a product saved before the economic-benefit rule may still break it
    if (productViolations({ ...product, termDays: input.periods, periods: product.periods }).length > 0) {
      throw new AppError(ResultCode.InvalidRequest, 'loanAboveCostCap', 400);
    }
    const offer = await this.offerFor(borrowerId, market, input.productId, { amountMinor: input.amount, termDays: input.periods });
    const { borrower, today, limitMinor } = offer;
    // the money goes to the borrower's validated account: without one there is nothing to lend to (issue 28)
    if (!(await this.deps.payouts.activeValidAccount(borrowerId, this.deps.db))) throw needsAccount();
    // nor to someone nobody identified (decision 161): refused before anything is stored, as a missing account is
    if (!lendsTo(await identityOf(this.deps.db, borrowerId))) throw needsIdentity();
    const submittedAt = this.deps.clock.now();
    const digits = String(Math.floor(Math.random() * 10 ** ORDER_NO_DIGITS)).padStart(ORDER_NO_DIGITS, '0');
    const orderNo = `KL${market}${today.replaceAll('-', '')}${digits}`;
    const repository = this.deps.orders.repository;
    const orderId = await this.deps.db.transaction(async (tx) => {
      // one submit at a time per borrower; a double tap (the same loan again within the window) gets the first order
      await repository.lockBorrower(borrowerId, tx);
      const since = new Date(submittedAt.getTime() - REPEATED_SUBMIT_WINDOW_MS);
      const repeated = await repository.recentSameOrder(borrowerId, product.id, input.amount, since, tx);
      if (repeated !== null) return repeated;
      const account = await this.deps.payouts.activeValidAccount(borrowerId, tx);
      if (!account) throw needsAccount();
      const identity = await identityOf(tx, borrowerId);
      if (!lendsTo(identity)) throw needsIdentity();
      const proposal = await this.signedProposal(tx, borrowerId, input, offer);
      const decision = decideApplication({
        market,
        today,
        // the identity document's birth date is the borrower's once verified (issue 29)
        birthDate: (identity.status === 'verified' ? identity.birthDate : null) ?? borrower.statedBirthDate,
        married: borrower.married,
        monthlySalaryMinor: borrower.monthlySalaryMinor,
        employment: borrower.employment,
        amountMinor: input.amount,
        termDays: input.periods,
        product,
        limitMinor,
        openPrincipalMinor: await repository.openPrincipalMinor(borrowerId, tx),
        accountNameScore: accountScoreOf(account, identity),
        identityStatus: identity.status,
      });
      const decided = decision.outcome !== 'review';
      const order = {
        orderNo,
        borrowerId,
        productId: product.id,
        market,
        principalMinor: input.amount,
        termDays: input.periods,
        periods: product.periods,
        pricing: product.pricing,
        appliedAt: submittedAt,
        decision: decided ? (decision.outcome as 'approved' | 'rejected') : null,
        decidedAt: decided ? submittedAt : null,
        decisionReason: decision.mainReason,
        reapplyOn: decision.reapplyOn,
        reviewDueAt: decided ? null : reviewDueAt(submittedAt),
        proposalNo: proposal.proposalNo,
        disbursedAt: null,
        isRepeatClient: borrower.isRepeatClient,
      };
      // no schedule and no ledger row yet: the loan starts the day its payout lands (DESIGN §4)
      const id = await repository.insertWithSchedule(order, [], tx);
      await decisionStore.saveResults(tx, id, decision.results, submittedAt);
      if (decision.outcome === 'approved') {
        await this.approve(tx, { id, borrowerId, orderNo, market, principalMinor: input.amount }, account.id, submittedAt);
      } else if (decision.outcome === 'rejected') {
        const params = { orderNo, date: decision.reapplyOn ?? '', reason: decision.mainReason ?? '' };
        await recordMessage(tx, {
          borrowerId,
          orderId: id,
          kind: 'rejected',
          params,
          idempotencyKey: `rejected:${id}`,
          shownAt: submittedAt,
        });
      }
      // the signed agreement of a loan that may go ahead (a rejected one will not: the message says why)
      if (decision.outcome !== 'rejected') {
        await this.sendSignedAgreement(tx, { id, borrowerId, orderNo, market, productId: product.id }, proposal.proposalNo, borrower.phone);
      }
      return id;
    });
    const query = new URLSearchParams({ productId: String(product.id), orderId: String(orderId) });
    return { lendDetailsUrl: `${LOAN_DETAILS_PATH}?${query}` };
  }

  /** The approval's message and its payout (the outbox the payout job sends once this transaction committed; decision 135). */
  async approve(tx: Db, order: Pick<Order, 'id' | 'borrowerId' | 'orderNo' | 'market' | 'principalMinor'>, accountId: number, at: Date) {
    const message = { borrowerId: order.borrowerId, orderId: order.id, params: { orderNo: order.orderNo } };
    await recordMessage(tx, { ...message, kind: 'approved', idempotencyKey: `approved:${order.id}`, shownAt: at });
    await this.deps.payouts.queueFirst(tx, order, accountId, at);
  }

  /** The proposal the borrower signed: the one named, if still valid and of these terms; else the current one (decision 150). */
  private async signedProposal(
    tx: Db,
    borrowerId: number,
    input: { amount: number; periods: number; proposalNo?: string | undefined },
    offer: Parameters<LoansService['proposalFor']>[2],
  ): Promise<LoanProposal> {
    if (input.proposalNo) {
      const [named] = await tx
        .select()
        .from(loanProposals)
        .where(and(eq(loanProposals.proposalNo, input.proposalNo), eq(loanProposals.borrowerId, borrowerId)))
        .limit(1);
      if (!named || named.amountMinor !== input.amount || named.termDays !== input.periods || named.productId !== offer.product.id) {
        throw AppError.invalid('proposalNo');
      }
      // lapsed: the offer is made again with today's figures, which the borrower confirms anew
      if (named.validUntil < offer.today) throw new AppError(ResultCode.InvalidRequest, 'loanProposalExpired', 409);
      return named;
    }
    return this.proposalFor(tx, borrowerId, offer);
  }

  /** After signing: the agreement and key fact statement as a signed link by SMS (the outbox, sent after commit). */
  private async sendSignedAgreement(
    tx: Db,
    order: { id: number; borrowerId: number; orderNo: string; market: Market; productId: number },
    proposalNo: string,
    phone: string,
  ) {
    // the agreement: in India it holds the key fact statement and the schedule too, as Indonesia's holds its terms (issue 48)
    const path = await this.deps.agreements.link(order.borrowerId, order.productId, order.id, 0, {
      ttlMs: SIGNED_AGREEMENT_LINK_TTL_MS,
      tx,
    });
    const link = `${this.deps.config.publicBaseUrl}${path}`;
    const body = interpolate(textIn(localeOf(order.market), 'smsAgreementSigned'), { orderNo: order.orderNo, proposalNo, link });
    await this.deps.sms.send({ market: order.market, phone, purpose: 'agreement', body }, tx);
  }

  /**
   * The borrower withdraws an application until its money is sent (decision 149): under review, or
   * approved with its payout still queued and never tried. The payout is cancelled in the same
   * transaction (the job claims rows with SKIP LOCKED, so it cannot send it meanwhile); nothing is owed.
   */
  /**
   * A loan statement (issue 49): every posting of the borrower's own order as the ledger has it, in
   * the order posted, with its value date (the business date it applies on, an offline repayment's
   * day the money came). Another borrower's order is refused by requireOwned.
   */
  async statement(borrowerId: number, input: { productId: string; orderId: string }, locale: Locale): Promise<CallData<'loanStatement'>> {
    const order = await this.deps.orders.requireOwned(borrowerId, input.orderId);
    if (String(order.productId) !== input.productId.trim()) throw loanMismatch();
    const rows = await this.deps.db
      .select({ kind: ledgerEntries.kind, amountMinor: ledgerEntries.amountMinor, businessDate: ledgerEntries.businessDate })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, order.id))
      .orderBy(ledgerEntries.businessDate, ledgerEntries.id);
    return {
      orderNo: order.orderNo,
      rows: rows.map((row) => ({
        valueDate: row.businessDate,
        kind: textIn(locale, `statement_${row.kind}`),
        amount: formatMoney(row.amountMinor, order.market),
        amountMinor: row.amountMinor,
      })),
    };
  }

  /**
   * The closure letter of the borrower's own closed loan (issue 49, decision 224): how it closed and
   * a link to its document (an agreement link of the closure position). An open loan has none (409);
   * another borrower's order is refused by requireOwned.
   */
  async closureLetter(borrowerId: number, input: { productId: string; orderId: string }): Promise<CallData<'loanClosureLetter'>> {
    const order = await this.deps.orders.requireOwned(borrowerId, input.orderId);
    if (String(order.productId) !== input.productId.trim()) throw loanMismatch();
    if (order.closedOn === null || order.disbursedAt === null) throw new AppError(ResultCode.InvalidRequest, 'loanNotClosed', 409);
    const { ledger, periods } = (await ledgersOf(this.deps.db, [order.id])).get(order.id)!;
    const url = await this.deps.agreements.link(borrowerId, order.productId, order.id, CLOSURE_POSITION);
    return { orderNo: order.orderNo, closure: closureOf(ledger, order.closedOn, periods.at(-1)?.dueDate), url };
  }

  async withdraw(borrowerId: number, input: { productId: string; orderId: string }): Promise<null> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(eq(orders.id, orderKey(input.orderId)))
        .for('update');
      owned(borrowerId, order ?? null);
      if (String(order!.productId) !== input.productId.trim()) throw loanMismatch();
      if (order!.withdrawnAt !== null) return;
      const unavailable = () => new AppError(ResultCode.InvalidRequest, 'loanWithdrawUnavailable', 409);
      if (order!.decision === 'rejected' || order!.cancelledAt !== null || order!.disbursedAt !== null) throw unavailable();
      if (order!.decision === 'approved') {
        const [payout] = await tx
          .select()
          .from(payouts)
          .where(eq(payouts.orderId, order!.id))
          .orderBy(desc(payouts.attempt))
          .limit(1)
          .for('update');
        // tried once means a call may have reached the gateway: the money may be on its way
        if (payout?.status !== 'queued' || payout.tries > 0) throw unavailable();
        await tx.update(payouts).set({ status: 'cancelled', updatedAt: now }).where(eq(payouts.id, payout.id));
      }
      await tx.update(orders).set({ withdrawnAt: now, cancelledAt: now }).where(eq(orders.id, order!.id));
      await recordMessage(tx, {
        borrowerId,
        orderId: order!.id,
        kind: 'withdrawn',
        params: { orderNo: order!.orderNo },
        idempotencyKey: `withdrawn:${order!.id}`,
        shownAt: now,
      });
    });
    return null;
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
      // an application waiting for review says something else once its deadline passed (decision 162)
      const reviewDue = order.decision === null && order.reviewDueAt && order.reviewDueAt > now ? order.reviewDueAt.getTime() : Infinity;
      const holdsUntil = Math.min(viewHoldsUntil([order], now), reviewDue);
      this.keptDetails.set(key, viewStampOf([{ ...order, productName, productLogo }], today), holdsUntil, {
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
        askedMinor: owedToday.askedMinor,
      },
      t,
      money,
    );
    const disbursal = disbursalOf(status, order.cancelledAt !== null, found.payout);
    rows.push(...disbursalRows(disbursal, t));
    // paid beyond what was owed (two payments for one debt; a loan whose money came back, decision 137): owed back
    // to the borrower until a refund pays it (decision 164)
    const refundableMinor = replay.overpaidMinor - replay.refundedMinor;
    if (refundableMinor > 0) rows.push({ text: t('loanRefundDue'), value: money(refundableMinor) });
    if (replay.refundedMinor > 0) rows.push({ text: t('loanRefunded'), value: money(replay.refundedMinor) });
    if (replay.writtenOffMinor > 0) rows.push({ text: t('loanWrittenOff'), value: money(replay.writtenOffMinor) });
    if (replay.settlementWaivedMinor > 0) rows.push({ text: t('loanSettlementWaived'), value: money(replay.settlementWaivedMinor) });
    rows.push(...decisionRows(order, status, t));
    return {
      orderStatus: status,
      ...noticeOf(noticeStatusOf(status, replay, nextPeriod), t, {
        amount: money(amountNow),
        date: nextPeriod?.dueDate ?? dueDate,
        days: overdueDays,
      }),
      ...disbursalNotice(disbursal, found.payout?.failureCode ?? null, t),
      ...decisionNotice(order, status, t, now),
      // written off by operators (decision 163): closed, nothing owed, and said so
      ...(replay.writtenOffMinor > 0 && !owing
        ? { noticeStatusText: t('loanNoticeWrittenOff'), noticeDesText: t('loanNoticeDesWrittenOff') }
        : {}),
      // settled by agreement (issue 46, decision 213): closed by a one-time settlement, distinct from repaid and written off
      ...(replay.settlementWaivedMinor > 0 && !owing
        ? { noticeStatusText: t('loanNoticeSettledByAgreement'), noticeDesText: t('loanNoticeDesSettledByAgreement') }
        : {}),
      ...(disbursal ? { disbursal } : {}),
      // a written-off loan's borrower is offered no loan (decision 170)
      recProducts: replay.writtenOffMinor > 0 ? [] : recommended,
      productName,
      productLogo,
      userOrderDetail: { detail: rows },
      inside: 0,
      // empty: the page goes to its own repay page with the shared params (spec §4)
      h5Url: '',
      isDelay: offer.eligible ? 1 : 0,
      telephone: this.deps.config.support[market].smWa,
      isScore: actionsOf(status).rate && !rated && replay.writtenOffMinor === 0 ? '1' : '0',
      playeduL: '',
      reyMsg: '',
      ...(canWithdraw(status, found.payout?.status ?? null) ? { canWithdraw: 1 } : {}),
      // written off: no 'loan more' (decision 170)
      ...(actionsOf(status).loanMore && replay.writtenOffMinor > 0 ? { loanMore: 0 } : {}),
      ...(quote?.coolingOff?.open
        ? {
            coolingOff: {
              lastDay: quote.coolingOff.lastDay,
              exitMinor: quote.coolingOff.exitMinor,
              principalMinor: order.principalMinor,
              costMinor: quote.coolingOff.proportionateCostMinor,
              daysHeld: quote.coolingOff.daysHeld,
              aprBps: quote.coolingOff.aprBps,
              repaidMinor: quote.coolingOff.repaidMinor,
            },
          }
        : {}),
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
          ? `${t('loanNothingPayableYet')} ${t('prepaymentNotYet', { date: quote.prepayOpensOn })}`
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
    const { order, status, replay } = await this.ownedOrder(borrowerId, input.productId, input.orderId);
    // a written-off loan is over but was not repaid: it is not rated (decision 170)
    if (!actionsOf(status).rate || replay.writtenOffMinor > 0) throw new AppError(ResultCode.InvalidRequest, 'loanRatingUnavailable', 409);
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
