import { type CallRequest, callApi } from '@/shared/http/api-client';

/** The address of the hosted checkout for this payment (spec §7 repayment-huichao). */
export const openCheckout = (fields: CallRequest<'repaymentCheckout'>) => callApi('repaymentCheckout', fields, { loading: true });
