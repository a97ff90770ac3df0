/** The agreement page behind a contract_url: an HTML document with the borrower's data, in their language. */
import { type CompanyContacts, formatApr, formatMoney, formatPhone, interpolate, localeOf, Market } from '@kilat/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Borrower, Order, Product } from '../../db/schema.js';
import { escapeHtml, htmlPage } from '../../http/html.js';
import { dayCount, messageFor, requestLocale, textIn } from '../../http/language.js';
import { addDays } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { coolingOffDaysOf } from '../../lending/cooling-off.js';
import { indiaClassDates } from '../../lending/delinquency.js';
import { borrowerLimitMinor, chooseOffer } from '../../lending/offer-choice.js';
import { aprBps, costOf, dailyRateText, penaltyText, scheduleOf } from '../../lending/pricing-view.js';
import { type PlannedPeriod, periodTotal } from '../../lending/schedule.js';
import { ledgersOf } from '../ledger/repository.js';
import type { OrdersRepository } from '../orders/repository.js';
import type { ProductsService } from '../products/service.js';
import { agreementTexts } from './agreement-texts.js';
import { CLOSURE_POSITION, closureOf, paidOf, renderClosureLetter } from './closure-letter.js';
import { grievanceBlock, lenderBlock } from './lender-block.js';
import { AGREEMENT_ROUTE, type AgreementsService } from './service.js';

export interface AgreementData {
  market: Market;
  /** the market's regulated lender and its grievance contact (issue 49) */
  lender: CompanyContacts;
  position: number;
  borrower: Pick<Borrower, 'name' | 'phone' | 'isRepeatClient'>;
  product: Product;
  order: Pick<Order, 'orderNo' | 'principalMinor' | 'termDays' | 'pricing'> | null;
  principalMinor: number;
  schedule: readonly PlannedPeriod[];
  today: string;
}

const AGREEMENT_STYLE =
  'body{font-family:sans-serif;margin:16px;color:#222;line-height:1.5}table{border-collapse:collapse;width:100%;margin:8px 0}th,td{border:1px solid #ddd;padding:6px;text-align:left;font-size:14px}h1{font-size:20px}h2{font-size:16px}';

export const renderAgreement = (data: AgreementData): string => {
  const locale = localeOf(data.market);
  const x = agreementTexts[locale];
  const t = (key: Parameters<typeof textIn>[1], values?: Record<string, string | number>) => interpolate(textIn(locale, key), values);
  const money = (minor: number) => escapeHtml(formatMoney(minor, data.market));
  const pricing = data.order?.pricing ?? data.product.pricing;
  const termDays = data.order?.termDays ?? data.product.termDays;
  const cost = costOf(data.schedule);
  const title = t(data.position === 1 ? 'loanKeyFactTitle' : 'loanAgreementTitle');
  const row = (label: string, value: string) => `<tr><th>${escapeHtml(label)}</th><td>${value}</td></tr>`;
  const parties = [
    row(x.borrower, escapeHtml(data.borrower.name)),
    row(x.phone, escapeHtml(formatPhone(data.borrower.phone, data.market))),
    row(x.product, escapeHtml(data.product.name)),
    ...(data.order ? [row(x.orderNo, escapeHtml(data.order.orderNo))] : []),
    row(x.date, escapeHtml(data.today)),
  ].join('');
  const terms = [
    row(t('loanAmount'), money(data.principalMinor)),
    row(t('loanTerm'), escapeHtml(`${termDays} ${t('days')}`)),
    // a daily rate says so: '0.05% per day', never a bare '0.05%' (issue 30)
    row(t('interestRate'), escapeHtml(dailyRateText(pricing.dailyInterestBps, data.market, t))),
    row(t('loanInterest'), money(cost.interestMinor)),
    row(t('loanServiceFee'), money(cost.feeMinor)),
    row(t('loanTotalRepayment'), money(cost.totalMinor)),
  ].join('');
  // India's key fact statement states the cooling-off period (RBI digital lending directions; decision 114)
  const coolingOffDays = coolingOffDaysOf(data.market, pricing);
  const coolingOffRow =
    coolingOffDays === null
      ? ''
      : row(t('loanCoolingOff'), escapeHtml(t('loanCoolingOffTerms', { period: dayCount(locale, coolingOffDays) })));
  // India: the dates this loan would become SMA-0/1/2 and NPA if its first instalment went unpaid (RBI, issue 46)
  const firstDue = data.schedule[0]?.dueDate;
  const smaText =
    data.market === 'IN' && firstDue
      ? `<p>${escapeHtml(interpolate(x.smaExample, { due: firstDue, ...indiaClassDates(firstDue) }))}</p>`
      : '';
  const schedule = data.schedule
    .map((period) => `<tr><td>${period.periodNo}</td><td>${escapeHtml(period.dueDate)}</td><td>${money(periodTotal(period))}</td></tr>`)
    .join('');
  const penalties = `<p>${escapeHtml(interpolate(x.penalties, { penalty: penaltyText(pricing, data.market, data.borrower.isRepeatClient, t) }))}</p>`;
  const keyFacts = `<p>${escapeHtml(x.keyFactsIntro)}</p><table>${parties}${terms}${row(x.totalCost, money(cost.costMinor))}${row(
    x.apr,
    // the schedule ends on the term's last day: it was paid out termDays before
    escapeHtml(formatApr(aprBps(data.principalMinor, addDays(data.schedule.at(-1)!.dueDate, -termDays), data.schedule), data.market)),
  )}${coolingOffRow}</table>${penalties}${smaText}`;
  const agreement =
    `<p>${escapeHtml(interpolate(x.lenderIntro, { lender: data.lender.name }))}</p><table>${parties}</table><h2>${escapeHtml(x.terms)}</h2><table>${terms}</table>` +
    `<h2>${escapeHtml(x.schedule)}</h2><table><tr><th>${escapeHtml(x.period)}</th><th>${escapeHtml(x.dueDate)}</th><th>${escapeHtml(
      x.amount,
    )}</th></tr>${schedule}</table>` +
    `${penalties}<p>${escapeHtml(x.prepayment)}</p><p>${escapeHtml(x.extension)}</p><p>${escapeHtml(x.governing)}</p>`;
  // India's agreement holds its key fact statement too (issue 48): the signed document the SMS links is one whole
  const body =
    data.position === 1
      ? keyFacts
      : data.market === Market.India
        ? `${agreement}<h2>${escapeHtml(t('loanKeyFactTitle'))}</h2>${keyFacts}`
        : agreement;
  // who lends and whom to complain to close every document (issue 49): RBI's KFS rules ask for both
  const lender = `${lenderBlock(data.lender, data.market)}${grievanceBlock(data.lender, data.market)}`;
  // a full page opened from an SMS or loan confirm: a way back to the app (issue 48)
  const home = `<p><a href="/main" target="_top">${escapeHtml(x.home)}</a></p>`;
  return htmlPage({ lang: locale, title, style: AGREEMENT_STYLE, body: `${home}<h1>${escapeHtml(title)}</h1>${body}${lender}${home}` });
};

const notFoundPage = (locale: string, message: string) => htmlPage({ lang: locale, title: '404', body: `<p>${escapeHtml(message)}</p>` });

export interface AgreementRouteDeps {
  agreements: AgreementsService;
  products: ProductsService;
  orders: OrdersRepository;
  clock: Clock;
  company: Record<Market, CompanyContacts>;
  db: Db;
}

export const registerAgreementRoute = (app: FastifyInstance, deps: AgreementRouteDeps) => {
  app.get<{ Params: { token: string } }>(`${AGREEMENT_ROUTE}/:token`, { schema: { hide: true } }, async (request, reply) => {
    const link = await deps.agreements.resolve(request.params.token);
    const [borrower, product, order] = link
      ? await Promise.all([
          deps.orders.borrower(link.borrowerId),
          deps.products.findById(link.productId),
          link.orderId ? deps.orders.findById(link.orderId) : Promise.resolve(null),
        ])
      : [null, null, null];
    if (!link || !borrower || !product) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(notFoundPage(requestLocale(request), messageFor(request, 'agreementExpired')));
    }
    const market = borrower.market;
    // a closed loan's closure letter (issue 49, decision 224) behind a link of its own position
    if (link.position === CLOSURE_POSITION) {
      if (!order || order.closedOn === null) {
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(notFoundPage(requestLocale(request), messageFor(request, 'loanNotClosed')));
      }
      const { ledger, periods } = (await ledgersOf(deps.db, [order.id])).get(order.id)!;
      const html = renderClosureLetter({
        market,
        lender: deps.company[market],
        borrowerName: borrower.name,
        orderNo: order.orderNo,
        principalMinor: order.principalMinor,
        disbursedOn: ledger.find((row) => row.kind === 'disbursement')?.businessDate ?? null,
        closedOn: order.closedOn,
        paidMinor: paidOf(ledger),
        closure: closureOf(ledger, order.closedOn, periods.at(-1)?.dueDate),
      });
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    }
    const today = deps.clock.today(market);
    // before there is an order, the proposal the borrower is looking at (decision 150) names amount and term
    const proposal = !order && link.proposalNo ? await deps.agreements.proposal(link.proposalNo, borrower.id) : null;
    const offer = chooseOffer(product, borrowerLimitMinor(product, borrower.monthlySalaryMinor), {
      amountMinor: proposal?.amountMinor,
      termDays: proposal?.termDays,
    });
    const principalMinor = order?.principalMinor ?? offer.amountMinor;
    const stored = order ? await deps.orders.periodsOf(order.id) : [];
    const schedule =
      stored.length > 0
        ? stored
        : scheduleOf(
            {
              market,
              principalMinor,
              termDays: order?.termDays ?? offer.termDays,
              periods: order?.periods ?? product.periods,
              pricing: order?.pricing ?? product.pricing,
            },
            today,
          );
    const html = renderAgreement({
      market,
      lender: deps.company[market],
      position: link.position,
      borrower,
      product: order ? product : { ...product, termDays: offer.termDays },
      order,
      principalMinor,
      schedule,
      today,
    });
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
};
