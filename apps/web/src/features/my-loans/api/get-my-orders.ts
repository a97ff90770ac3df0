import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/** Every loan of the session's borrower, newest first (issue 17). */
export const myOrdersQuery = () => apiQueryOptions('myOrders', {});

export const useMyOrders = () => useQuery(myOrdersQuery());
