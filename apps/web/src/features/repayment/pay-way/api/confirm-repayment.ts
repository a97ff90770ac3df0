import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '@/shared/http/api-client';
import { markOrderQueriesStale } from '@/shared/http/order-queries';

// silent: 800006 and 800005 show the spec's own texts, not the server's message (spec §8), so the page says them
const options = { loading: true, silent: true } as const;

/**
 * Confirms a card repayment with its SMS code (spec §7 repayment-confirm).
 * A confirmed payment changes the order: its pages ask again when next shown.
 */
export const useConfirmRepayment = () => {
  const queryClient = useQueryClient();
  return useApiMutation('repaymentConfirm', { ...options, onSuccess: () => markOrderQueriesStale(queryClient) });
};
