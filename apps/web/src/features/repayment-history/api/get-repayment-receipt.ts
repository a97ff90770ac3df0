import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/** A payment's public id as the server makes them: 'RP' and 20 base32 characters; or an offline repayment's (decision 163: 'OF' and its ledger row's number). */
export const isReceiptId = (text: string): boolean => /^(RP[A-Z2-7]{20}|OF[1-9]\d{0,15})$/.test(text);

/**
 * The receipt of one paid repayment of the session borrower.
 * The receipt's query, off for a malformed id; a paid payment never changes, so it is kept while the tab lives.
 */
export const repaymentReceiptQuery = (paymentId: string) =>
  apiQueryOptions(
    'repaymentReceipt',
    { paymentId },
    { retry: false, staleTime: Number.POSITIVE_INFINITY, enabled: isReceiptId(paymentId) },
  );

export const useRepaymentReceipt = (paymentId: string) => useQuery(repaymentReceiptQuery(paymentId));
