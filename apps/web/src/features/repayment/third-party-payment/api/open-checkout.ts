import { useApiMutation } from '@/shared/http/api-client';

/**
 * The address of the hosted checkout for this payment (spec §7 repayment-huichao).
 * Nothing cached changes here: the browser leaves for the checkout, and the pages load afresh when it comes back.
 */
export const useOpenCheckout = () => useApiMutation('repaymentCheckout', { loading: true });
