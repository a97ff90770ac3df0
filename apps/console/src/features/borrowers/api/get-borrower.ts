import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** A borrower's page: orders, cards and accounts, sessions, SMS, messages, complaints, chatbot records. */
export const borrowerQuery = (id: number) => apiQueryOptions('borrower', { id });

export const useBorrower = (id: number) => useQuery(borrowerQuery(id));
