import { useApiQuery } from '@/shared/http/api-client';

/** The session borrower's identity check, masked, with what the provider said (issue 29). */
export const useIdentity = () => useApiQuery('identity', {}, { retry: false });
