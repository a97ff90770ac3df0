import { useApiMutation } from '@/shared/http/api-client';

/**
 * An e-wallet charge or a QRIS code for this payment (ours, issue 51). Nothing cached changes here:
 * the payment is approved in the wallet, and its result screen reads it afresh.
 */
export const useOpenWalletPayment = () => useApiMutation('walletPayment', { loading: true });
