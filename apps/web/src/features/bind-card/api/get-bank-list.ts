import { useApiQuery } from '@/shared/http/api-client';

/** The banks a card may be bound from in the borrower's market (our bank-list call, DESIGN §5). */
export const useBankList = () => useApiQuery('bankList', {}, { retry: false });
