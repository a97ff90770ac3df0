import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/** Every posting of the borrower's own loan with its value date (issue 49); another borrower's is refused by the server. */
export const loanStatementQuery = (productId: string, orderId: string) =>
  apiQueryOptions('loanStatement', { productId, orderId }, { retry: false });

export const useLoanStatement = (productId: string, orderId: string) => useQuery(loanStatementQuery(productId, orderId));
