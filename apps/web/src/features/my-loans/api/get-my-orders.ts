import { useApiQuery } from '@/shared/http/api-client';

/** Every loan of the session's borrower, newest first (issue 17). */
export const useMyOrders = () => useApiQuery('myOrders', {});
