import type { ConsoleRequest } from '@kilat/contract/console/browser';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '@/shared/api-client';

/** Who the link is for and the TOTP secret to add: asked once, never kept in the cache. */
export const useEnrolment = (token: string) =>
  useQuery({
    queryKey: ['openEnrolment', token],
    queryFn: () => callApi('openEnrolment', { body: { token } }),
    enabled: token !== '',
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Sets the operator's password and TOTP through the link, once. */
export const useEnrol = () => useMutation({ mutationFn: (body: ConsoleRequest<'enrol'>['body']) => callApi('enrol', { body }) });
