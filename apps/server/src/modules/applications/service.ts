/**
 * The application before loan confirm (issue 17, decision 076; issue 29). Nothing is stored until it
 * is valid and the applicant's own facts pass the decision engine's screen (age, income floor: a
 * salary under the floor is refused here with its reason and the day to apply again, before loan
 * confirm); then the application row and the borrower's stated facts (name, monthly salary, birth
 * date, marriage, employment — what the decision reads at submit) are written in one transaction,
 * and loan confirm is next with the amount and term chosen, held within the product and the limit.
 * Once the identity is verified, its document's name and birth date are the borrower's (decision 161):
 * the screen reads that birth date and an application does not rename the borrower.
 */
import { formatMoney, Market, PagePaths, ResultCode, salaryFloorMinor } from '@kilat/contract';
import { isCityOf } from '@kilat/contract/cities';
import type { CallData, CallRequest, Employment } from '@kilat/contract/schemas';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { borrowers, products } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { daysBetween } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { screenApplicant } from '../../lending/decision.js';
import { borrowerLimitMinor, chooseOffer } from '../../lending/offer-choice.js';
import { identityOf } from '../identity/identity-of.js';
import { refuseIfWrittenOff } from '../orders/written-off.js';
import type { ProductsService } from '../products/service.js';
import { loanApplications } from './table.js';

/** Spec §1 states India's salary a month and Indonesia's a year; underwriting reads a monthly salary. */
export const monthlySalaryMinor = (market: Market, salaryMinor: number): number =>
  market === Market.India ? salaryMinor : Math.floor(salaryMinor / 12);

const isCalendarDate = (date: string) => {
  try {
    daysBetween(date, date);
    return true;
  } catch {
    return false;
  }
};

export class ApplicationsService {
  constructor(
    private readonly db: Db,
    private readonly products: ProductsService,
    private readonly clock: Clock,
  ) {}

  /**
   * What the borrower gave on their last application in their market (issue 48), to offer again:
   * theirs only (the session's borrower). A verified identity's name and birth date are the
   * document's, so the form offers what the decision will read, and the check stays as it is.
   */
  async last(borrowerId: number, market: Market): Promise<CallData<'lastApplication'>> {
    const [row] = await this.db
      .select({ application: loanApplications })
      .from(loanApplications)
      .innerJoin(products, eq(products.id, loanApplications.productId))
      .where(and(eq(loanApplications.borrowerId, borrowerId), eq(products.market, market)))
      .orderBy(desc(loanApplications.createdAt), desc(loanApplications.id))
      .limit(1);
    if (!row) return null;
    const { application } = row;
    const identity = await identityOf(this.db, borrowerId);
    const verified = identity.status === 'verified';
    return {
      name: verified && identity.name ? identity.name : application.name,
      salary: String(Math.floor(application.salaryMinor / 100)),
      employment: application.employment as Employment,
      city: application.city,
      birthDate: (verified && identity.birthDate) || application.birthDate || '',
      married: application.married === null ? '' : application.married ? '1' : '0',
      givenAt: application.createdAt.toISOString(),
      identityVerified: verified,
    };
  }

  async submit(borrowerId: number, market: Market, input: CallRequest<'applicationSubmit'>): Promise<CallData<'applicationSubmit'>> {
    if (!isCityOf(market, input.city.trim())) throw AppError.invalid('city');
    const today = this.clock.today(market);
    if (!isCalendarDate(input.birthDate) || daysBetween(input.birthDate, today) < 0) throw AppError.invalid('birthDate');
    const product = await this.products.findActive(market, input.productId);
    if (!product) throw AppError.notFound();
    // Kilat lends no more to a borrower whose loan it wrote off: said here, nothing stored (decision 170)
    await refuseIfWrittenOff(this.db, borrowerId);
    const salaryMinor = Number(input.salary) * 100;
    const monthly = monthlySalaryMinor(market, salaryMinor);
    const married = market === Market.Indonesia ? input.married === '1' : null;
    const identity = await identityOf(this.db, borrowerId);
    const document = identity.status === 'verified' ? identity : null;
    const refused = screenApplicant({
      market,
      today,
      birthDate: document?.birthDate ?? input.birthDate,
      married,
      monthlySalaryMinor: monthly,
    });
    if (refused) {
      // told beside the field on the application page, with nothing stored and no lockout: a typo corrected continues (decision 265)
      const floor = formatMoney(salaryFloorMinor(market), market);
      const [key, field] =
        refused.rule === 'age' ? (['applicationTooYoung', 'birthDate'] as const) : (['applicationIncomeBelowFloor', 'salary'] as const);
      throw new AppError(ResultCode.InvalidRequest, key, 422, { floor, date: refused.reapplyOn }, field);
    }
    const choice = chooseOffer(product, borrowerLimitMinor(product, monthly), {
      amountMinor: input.amount as number | undefined,
      termDays: input.term as number | undefined,
    });
    await this.db.transaction(async (tx) => {
      await tx.insert(loanApplications).values({
        borrowerId,
        productId: product.id,
        name: input.name.trim(),
        salaryMinor,
        salaryPeriod: market === Market.India ? 'month' : 'year',
        employment: input.employment,
        city: input.city.trim(),
        birthDate: input.birthDate,
        married,
        amountMinor: choice.amountMinor,
        termDays: choice.termDays,
        createdAt: this.clock.now(),
      });
      await tx
        .update(borrowers)
        .set({
          name: document?.name ?? input.name.trim(),
          monthlySalaryMinor: monthly,
          statedBirthDate: input.birthDate,
          married,
          employment: input.employment,
        })
        .where(eq(borrowers.id, borrowerId));
    });
    const query = new URLSearchParams({ productId: String(product.id), amount: String(choice.amountMinor), term: String(choice.termDays) });
    return { confirmUrl: `${PagePaths.loanConfirm}?${query}` };
  }
}
