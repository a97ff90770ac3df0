import type { CallRequest } from '@/shared/http/api-client';
import { callApi } from '@/shared/http/api-client';

/** A tap on a recommended product of loan details (spec §7, fixed per DESIGN §6); another status is toasted with its message. */
export const tapRecommended = (params: CallRequest<'recommendedTap'>) => callApi('recommendedTap', params, { loading: true });
