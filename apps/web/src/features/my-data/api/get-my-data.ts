import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/** Everything Kilat keeps about the session's borrower (issue 49 item 5): theirs only, secrets left out by the server. */
export const myDataQuery = () => apiQueryOptions('myData', {}, { retry: false, staleTime: 0 });

export const useMyData = () => useQuery(myDataQuery());
