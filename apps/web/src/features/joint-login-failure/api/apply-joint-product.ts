import { useApiMutation } from '@/shared/http/api-client';

/**
 * Applies for a product of the joint-login failure page; answers its URL, with the loading toast meanwhile (spec §7).
 * Nothing this app has cached changes: the answer is where the borrower goes next.
 */
export const useApplyJointProduct = () => useApiMutation('jointLoginApply', { loading: true });
