import { callApi } from '@/shared/http/api-client';

/** Applies for a product of the joint-login failure page; answers its URL, with the loading toast meanwhile (spec §7). */
export const applyJointProduct = (productId: string) => callApi('jointLoginApply', { productId }, { loading: true });
