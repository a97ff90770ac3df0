import { z } from 'zod';
import { Id, IntField } from './fields.js';

/** Recommended product of the list page (spec §3). buttonStatus 1 is active, 0 disabled. */
export const RecommendedProductSchema = z.object({
  id: z.string(),
  productLogo: z.string(),
  productName: z.string(),
  amountRange: z.string(),
  amountRangeDes: z.string(),
  loan_rate: z.string(),
  productDesc: z.string(),
  productTags: z.array(z.string()),
  buttonText: z.string(),
  buttonStatus: z.number().int(),
});
export type RecommendedProduct = z.infer<typeof RecommendedProductSchema>;

export const RecommendedProductsRequestSchema = z.object({ scene: z.string().trim().min(1).max(64) });
/** moduleId: the module id of the scene (spec §9), for the page to send back with pageEvent and apply. */
export const RecommendedProductsDataSchema = z.object({ list: z.array(RecommendedProductSchema), moduleId: z.number().int() });

export const PageEventRequestSchema = z.object({ productId: Id, moduleId: IntField(0, 100_000), positionId: IntField(0, 10_000) });

export const ProductApplyRequestSchema = z.object({
  product_id: Id,
  module_id: IntField(0, 100_000),
  scene: z.string().trim().min(1).max(64),
});
/** data.url: opened directly if it starts with http, otherwise passed to the native bridge (spec §7). */
export const ProductApplyDataSchema = z.object({ url: z.string() });

/** Recommended product on the loan-details and joint-login-failure pages (spec §3). */
export const DetailRecommendedProductSchema = z.object({
  id: z.string(),
  /** 0 not clickable, 1 active */
  clickable: z.number().int(),
  logo: z.string(),
  name: z.string(),
  buttonLabel: z.string(),
  rangeText: z.string(),
  rangeDescription: z.string(),
  rateText: z.string(),
  description: z.string(),
});
export type DetailRecommendedProduct = z.infer<typeof DetailRecommendedProductSchema>;
