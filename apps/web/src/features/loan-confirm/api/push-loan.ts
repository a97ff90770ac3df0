import { useApiMutation } from '@/shared/http/api-client';

/** Submits the loan; answers the lend-details URL (spec §7 loan-detail-push). */
export const usePushLoan = () => useApiMutation('loanPush', { loading: true });
