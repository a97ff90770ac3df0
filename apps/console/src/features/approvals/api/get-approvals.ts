import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** Every maker-checker request still waiting, those the operator may decide first (issue 47, decision 239). */
export const approvalsQuery = () => apiQueryOptions('approvals', {});

export const useApprovals = () => useQuery(approvalsQuery());
