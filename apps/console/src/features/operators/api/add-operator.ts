import type { ConsoleRequest } from '@kilat/contract/console/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operatorsQuery } from '@/shared/api/get-operators';
import { callApi } from '@/shared/api-client';

/** Adds an operator; the answer carries their TOTP secret, shown once. The list is asked again. */
export const useAddOperator = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsoleRequest<'addOperator'>['body']) => callApi('addOperator', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsQuery().queryKey }),
  });
};
