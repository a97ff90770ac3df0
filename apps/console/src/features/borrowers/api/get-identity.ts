import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/**
 * A borrower's identity checks with short signed links to their documents and selfies (issue 29):
 * asked only when the operator opens them, each time again (the server audits every read).
 */
export const borrowerIdentityQuery = (id: number) => apiQueryOptions('borrowerIdentity', { id }, { staleTime: 0, gcTime: 0, retry: false });

export const useBorrowerIdentity = (id: number, enabled: boolean) => useQuery({ ...borrowerIdentityQuery(id), enabled });
