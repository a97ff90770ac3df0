import { useApiQuery } from '@/shared/http/api-client';

/**
 * Where the money of this loan goes (issue 28): the borrower's disbursal account, masked. Loan
 * confirm shows it, or a way to add it; a failed load shows nothing here (the offer is the page).
 */
export const useDisbursalAccount = () => useApiQuery('disbursalAccount', {}, { retry: false, silent: true });
