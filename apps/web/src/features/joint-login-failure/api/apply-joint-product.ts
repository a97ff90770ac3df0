import { callApi, useApiMutation } from '@/shared/http/api-client';

/** Applies for a product of the joint-login failure page; answers its URL, with the loading toast meanwhile (spec §7). */
export const applyJointProduct = (productId: string) => callApi('jointLoginApply', { productId }, { loading: true });

/** Nothing this app has cached changes: the answer is where the borrower goes next. */
export const useApplyJointProduct = () => useApiMutation('jointLoginApply', { loading: true });
