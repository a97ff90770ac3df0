import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/** A closed loan's closure letter (issue 49): how it closed and its document's link; an open loan or another borrower's is refused by the server. */
export const closureLetterQuery = (productId: string, orderId: string) =>
  apiQueryOptions('loanClosureLetter', { productId, orderId }, { retry: false });

export const useClosureLetter = (productId: string, orderId: string) => useQuery(closureLetterQuery(productId, orderId));
