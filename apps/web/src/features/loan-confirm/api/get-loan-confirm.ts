import { useApiQuery } from '@/shared/http/api-client';

/** The loan offer to confirm (spec §7 loan-detail-confirm). */
export const useLoanConfirm = (productId: string) => useApiQuery('loanConfirm', { productId }, { retry: false });
