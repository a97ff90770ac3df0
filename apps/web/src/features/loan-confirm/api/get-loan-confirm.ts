import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/** The loan offer to confirm (spec §7 loan-detail-confirm). */
export const loanConfirmQuery = (productId: string) => apiQueryOptions('loanConfirm', { productId }, { retry: false });

export const useLoanConfirm = (productId: string) => useQuery(loanConfirmQuery(productId));
