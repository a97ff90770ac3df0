import { type CallData, useApiQuery } from '@/shared/http/api-client';

export type PaymentResult = CallData<'paymentResult'>;

/** How often a page asks again while the gateway has not confirmed the payment yet. */
export const PENDING_POLL_MS = 3000;

/** A payment's public id as the server makes them (repayRecordId, the code's bill number): 'RP' and 20 base32 characters. */
export const isPaymentId = (text: string): boolean => /^RP[A-Z2-7]{20}$/.test(text);

/**
 * One payment of the order and what the order still owes (decision 050), for the result screen
 * and the virtual-account page. While it is pending (the gateway's webhook has not arrived) it is
 * asked again every few seconds until it settles. Off without an order or a well-formed id.
 */
export const usePaymentResult = (orderId: string, paymentId: string, options: { silent?: boolean } = {}) =>
  useApiQuery(
    'paymentResult',
    { orderId, paymentId },
    {
      enabled: orderId !== '' && isPaymentId(paymentId),
      silent: options.silent ?? false,
      retry: false,
      staleTime: 0,
      gcTime: 0,
      refetchInterval: (query) => (query.state.data?.outcome === 'pending' ? PENDING_POLL_MS : false),
    },
  );
