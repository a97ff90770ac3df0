/**
 * Product detail (issue 17): a product's prices and a worked example of what it costs, computed by
 * the same lending core and pricing view loan confirm uses, for the amount loan confirm would offer.
 */
import { formatApr, formatRate, type Market } from '@kilat/contract';
import type { LoanProduct, LoanProductDetail } from '@kilat/contract/schemas';
import type { Product } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lending/clock.js';
import { borrowerLimitMinor, chooseOffer } from '../../lending/offer-choice.js';
import { aprBps, costOf, dailyRateText, penaltyText, type Speak, scheduleOf } from '../../lending/pricing-view.js';
import { periodTotal } from '../../lending/schedule.js';
import type { OrdersRepository } from '../orders/repository.js';
import type { ProductsService } from '../products/service.js';

/** A product as the borrower's app lists it. */
export const asLoanProduct = (product: Product): LoanProduct => ({
  productId: String(product.id),
  productName: product.name,
  productLogo: product.logoUrl,
  description: product.description,
  amountMin: product.amountMinMinor,
  amountMax: product.amountMaxMinor,
  termDays: product.termDays,
  termOptions: product.termOptions.length > 0 ? product.termOptions : [product.termDays],
  periods: product.periods,
  dailyRateBps: product.pricing.dailyInterestBps,
});

export class LoanProductsService {
  constructor(
    private readonly products: ProductsService,
    private readonly borrowers: OrdersRepository,
    private readonly clock: Clock,
  ) {}

  async list(market: Market) {
    return (await this.products.list()).filter((product) => product.market === market && product.active).map(asLoanProduct);
  }

  async detail(borrowerId: number, market: Market, productId: string, t: Speak): Promise<LoanProductDetail> {
    const product = await this.products.findActive(market, productId);
    if (!product) throw AppError.notFound();
    const borrower = await this.borrowers.borrower(borrowerId);
    if (!borrower) throw AppError.unauthenticated();
    // the worked example at what loan confirm starts from: the limit less other open loans, the product's own term (decision 147)
    const available = borrowerLimitMinor(product, borrower.monthlySalaryMinor) - (await this.borrowers.openPrincipalMinor(borrowerId));
    const principalMinor = chooseOffer(product, available, {}).amountMinor;
    const today = this.clock.today(market);
    const schedule = scheduleOf(
      { market, principalMinor, termDays: product.termDays, periods: product.periods, pricing: product.pricing },
      today,
    );
    const cost = costOf(schedule);
    const { pricing } = product;
    return {
      product: asLoanProduct(product),
      prices: [
        { text: t('interestRate'), value: dailyRateText(pricing.dailyInterestBps, market, t) },
        { text: t('loanServiceFee'), value: formatRate(pricing.serviceFeeBps, market) },
        { text: t('loanPenalty'), value: penaltyText(pricing, market, borrower.isRepeatClient, t) },
        ...(pricing.extension ? [{ text: t('delayFee'), value: formatRate(pricing.extension.feeBps, market) }] : []),
      ],
      example: {
        amount: principalMinor,
        interest: cost.interestMinor,
        fee: cost.feeMinor,
        total: cost.totalMinor,
        apr: formatApr(aprBps(principalMinor, today, schedule), market),
        repayments: schedule.map((period) => ({ dueDate: period.dueDate, amount: periodTotal(period) })),
      },
    };
  }
}
