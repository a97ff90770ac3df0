import { RecommendModule } from '@kilat/contract';
import { useSingleFlightMutation } from '@/shared/hooks/use-single-flight-mutation';
import type { CallRequest } from '@/shared/http/api-client';
import { callApi } from '@/shared/http/api-client';
import { saveEvent } from './save-event';

/** A tap on a recommended product of loan details (spec §7, fixed per DESIGN §6); another status is toasted with its message. */
export const tapRecommended = (params: CallRequest<'recommendedTap'>) => callApi('recommendedTap', params, { loading: true });

/**
 * The event save first (module 300: neither a precise nor a bag scene, spec §9), then the tap;
 * answers the product's URL. One at a time: a double tap opens one product. Nothing cached changes.
 */
export const useTapRecommended = () =>
  useSingleFlightMutation({
    mutationKey: ['recommendedTap'],
    mutationFn: async (params: CallRequest<'recommendedTap'>) => {
      await saveEvent({ productId: params.productId, moduleId: RecommendModule.other, positionId: params.positionId });
      return tapRecommended(params);
    },
  });
