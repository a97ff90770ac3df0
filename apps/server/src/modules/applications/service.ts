/**
 * The application before loan confirm (issue 17, decision 076). Nothing is stored until it is
 * valid; then the application row and the borrower's name and monthly salary (what underwriting
 * reads when loan confirm submits) are written in one transaction, and loan confirm is next.
 */
import { Market, PagePaths } from '@kilat/contract';
import { isCityOf } from '@kilat/contract/cities';
import type { CallData, CallRequest } from '@kilat/contract/schemas';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { borrowers } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lending/clock.js';
import type { ProductsService } from '../products/service.js';
import { loanApplications } from './table.js';

/** Spec §1 states India's salary a month and Indonesia's a year; underwriting reads a monthly salary. */
export const monthlySalaryMinor = (market: Market, salaryMinor: number): number =>
  market === Market.India ? salaryMinor : Math.floor(salaryMinor / 12);

export class ApplicationsService {
  constructor(
    private readonly db: Db,
    private readonly products: ProductsService,
    private readonly clock: Clock,
  ) {}

  async submit(borrowerId: number, market: Market, input: CallRequest<'applicationSubmit'>): Promise<CallData<'applicationSubmit'>> {
    if (!isCityOf(market, input.city.trim())) throw AppError.invalid('city');
    const product = await this.products.findActive(market, input.productId);
    if (!product) throw AppError.notFound();
    const salaryMinor = Number(input.salary) * 100;
    await this.db.transaction(async (tx) => {
      await tx.insert(loanApplications).values({
        borrowerId,
        productId: product.id,
        name: input.name.trim(),
        salaryMinor,
        salaryPeriod: market === Market.India ? 'month' : 'year',
        employment: input.employment,
        city: input.city.trim(),
        createdAt: this.clock.now(),
      });
      await tx
        .update(borrowers)
        .set({ name: input.name.trim(), monthlySalaryMinor: monthlySalaryMinor(market, salaryMinor) })
        .where(eq(borrowers.id, borrowerId));
    });
    return { confirmUrl: `${PagePaths.loanConfirm}?${new URLSearchParams({ productId: String(product.id) })}` };
  }
}
