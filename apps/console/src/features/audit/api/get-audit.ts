import type { ConsoleRequest } from '@kilat/contract/console/browser';
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** The audit log, newest first, filtered and paged. */
export const auditQuery = (filter: ConsoleRequest<'audit'>['query']) => apiQueryOptions('audit', { query: filter });

export const useAudit = (filter: ConsoleRequest<'audit'>['query']) => useQuery(auditQuery(filter));
