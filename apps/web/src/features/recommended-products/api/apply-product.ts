import { useApiMutation } from '@/shared/http/api-client';

/**
 * Applies for a recommended product; answers the URL to open (spec §7), with the loading toast meanwhile.
 * Nothing this app has cached changes: the answer is where the borrower goes next.
 */
export const useApplyProduct = () => useApiMutation('productApply', { loading: true });
