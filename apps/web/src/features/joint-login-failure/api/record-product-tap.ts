import { RecommendModule } from '@kilat/contract';
import { callApi } from '@/shared/http/api-client';

// the spec's constant 18 of the necessity event (spec §9)
const SOURCE = `${RecommendModule.necessityConstant}` as const;

/** The necessity event: the product id, the constant 18 and the row index (spec §7); fire-and-forget, response ignored. */
export const recordProductTap = (productId: string, position: number): Promise<void> =>
  callApi('jointLoginProductEvent', { approaches: productId, source: SOURCE, position }, { silent: true }).then(
    () => undefined,
    () => undefined,
  );
