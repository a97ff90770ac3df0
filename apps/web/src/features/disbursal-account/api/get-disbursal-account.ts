import { apiQueryOptions, useApiQuery } from '@/shared/http/api-client';

/** The session borrower's disbursal account, masked, with what the bank said of it (issue 28). */
export const disbursalAccountQuery = () => apiQueryOptions('disbursalAccount', {}, { retry: false });

export const useDisbursalAccount = () => useApiQuery('disbursalAccount', {}, { retry: false });
