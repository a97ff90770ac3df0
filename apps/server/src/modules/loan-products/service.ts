/**
 * Product detail (issue 17): a product's prices and a worked example of what it costs, computed by
 * the same lending core and pricing view loan confirm uses, for the amount loan confirm would offer.
 */
import type { Market } from '@kilat/contract';
import type { LoanProductDetail } from '@kilat/contract/schemas';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lending/clock.js';
import { periodTotal } from '../../lending/schedule.js';
import { aprBps, bpsText, costOf, offerAmount, penaltyText, type Speak, scheduleOf } from '../loans/pricing-view.js';
import type { LoansRepository } from '../loans/repository.js';
import type { ProductsService } from '../products/service.js';
import { asLoanProduct } from './handlers.js';

export class LoanProductsService {
  constructor(
    private readonly products: ProductsService,
    private readonly borrowers: LoansRepository,
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
    const principalMinor = offerAmount(product, borrower.monthlySalaryMinor);
    const schedule = scheduleOf(
      { market, principalMinor, termDays: product.termDays, periods: product.periods, pricing: product.pricing },
      this.clock.today(market),
    );
    const cost = costOf(schedule);
    const { pricing } = product;
    return {
      product: asLoanProduct(product),
      prices: [
        { text: t('interestRate'), value: t('loanDailyRate', { rate: bpsText(pricing.dailyInterestBps) }) },
        { text: t('loanServiceFee'), value: `${bpsText(pricing.serviceFeeBps)}%` },
        { text: t('loanPenalty'), value: penaltyText(pricing, market, borrower.isRepeatClient, t) },
        ...(pricing.extension ? [{ text: t('delayFee'), value: `${bpsText(pricing.extension.feeBps)}%` }] : []),
      ],
      example: {
        amount: principalMinor,
        interest: cost.interestMinor,
        fee: cost.feeMinor,
        total: cost.totalMinor,
        apr: `${bpsText(aprBps(principalMinor, cost.costMinor, product.termDays))}%`,
        repayments: schedule.map((period) => ({ dueDate: period.dueDate, amount: periodTotal(period) })),
      },
    };
  }
}
