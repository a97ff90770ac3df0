import type { CallRequest } from '@/shared/http/api-client';
import { callApi } from '@/shared/http/api-client';

/** Applies for a recommended product; answers the URL to open (spec §7), with the loading toast meanwhile. */
export const applyProduct = (params: CallRequest<'productApply'>) => callApi('productApply', params, { loading: true });
