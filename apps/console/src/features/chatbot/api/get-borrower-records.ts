import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** One borrower's chatbot records, newest first; nothing is asked until a borrower is named. */
export const borrowerRecordsQuery = (borrowerId: number | null) =>
  apiQueryOptions('borrowerChatRecords', { id: borrowerId ?? 0 }, { enabled: borrowerId !== null });

export const useBorrowerRecords = (borrowerId: number | null) => useQuery(borrowerRecordsQuery(borrowerId));
