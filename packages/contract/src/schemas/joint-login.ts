import { z } from 'zod';
import { Id, IntField } from './fields.js';
import { DetailRecommendedProductSchema } from './recommend.js';

/** approaches: taken from the page parameters (spec §7). */
export const JointLoginFailureRequestSchema = z.object({ approaches: z.string().trim().max(256).default('') });
export const JointLoginFailureDataSchema = z.object({
  headline: z.string(),
  notice: z.string(),
  list: z.array(DetailRecommendedProductSchema),
});
/** necessity: the product id, the constant 18 and the row index (spec §7, §9). */
export const JointLoginProductEventRequestSchema = z.object({ approaches: Id, source: z.literal('18'), position: IntField(0, 10_000) });
export const JointLoginApplyRequestSchema = z.object({ productId: Id });
export const JointLoginApplyDataSchema = z.object({ url: z.string() });
