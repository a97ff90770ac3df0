import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** One complaint with its replies, the order and the borrower's chat history. */
export const complaintQuery = (id: number) => apiQueryOptions('complaint', { id });

export const useComplaint = (id: number) => useQuery(complaintQuery(id));
