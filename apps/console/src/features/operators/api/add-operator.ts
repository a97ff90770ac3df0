import type { ConsoleRequest } from '@kilat/contract/console/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operatorsQuery } from '@/shared/api/get-operators';
import { callApi } from '@/shared/api-client';

/** Adds an operator; the answer is the one-time link where they set their own password and TOTP. The list is asked again. */
export const useAddOperator = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsoleRequest<'addOperator'>['body']) => callApi('addOperator', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsQuery().queryKey }),
  });
};
