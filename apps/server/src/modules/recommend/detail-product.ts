/** A catalogue row as the loan-details and joint-login-failure pages show it (spec §3). */
import type { DetailRecommendedProduct } from '@kilat/contract/schemas';
import type { RecommendedProductRow } from '../../db/schema.js';

export const asDetailProduct = (row: RecommendedProductRow): DetailRecommendedProduct => ({
  id: String(row.id),
  clickable: row.buttonStatus,
  logo: row.logoUrl,
  name: row.name,
  buttonLabel: row.buttonText,
  rangeText: row.amountRange,
  rangeDescription: row.amountRangeDes,
  rateText: row.loanRate,
  description: row.description,
});
