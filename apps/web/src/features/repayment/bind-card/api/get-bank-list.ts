import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/** The banks a card may be bound from in the borrower's market (our bank-list call, DESIGN §5). */
export const bankListQuery = () => apiQueryOptions('bankList', {}, { retry: false });

export const useBankList = () => useQuery(bankListQuery());
