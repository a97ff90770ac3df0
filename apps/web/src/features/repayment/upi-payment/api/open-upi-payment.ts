import { useApiMutation } from '@/shared/http/api-client';

/**
 * A UPI code for this payment (ours, issue 51): its intent link, its QR and its expiry. Nothing
 * cached changes here: the payment is paid in the borrower's UPI app, and its result screen reads it afresh.
 */
export const useOpenUpiPayment = () => useApiMutation('upiPayment', { loading: true });
