import type { CallRequest } from '@/shared/http/api-client';
import { callApi, useApiMutation } from '@/shared/http/api-client';

/** Applies for a recommended product; answers the URL to open (spec §7), with the loading toast meanwhile. */
export const applyProduct = (params: CallRequest<'productApply'>) => callApi('productApply', params, { loading: true });

/** Nothing this app has cached changes: the answer is where the borrower goes next. */
export const useApplyProduct = () => useApiMutation('productApply', { loading: true });
