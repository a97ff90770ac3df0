import type { OperatorRole } from '@kilat/contract/console/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operatorsQuery } from '@/shared/api/get-operators';
import { callApi } from '@/shared/api-client';

export type OperatorChange =
  | { kind: 'role'; role: OperatorRole }
  | { kind: 'disable' }
  | { kind: 'enable' }
  | { kind: 'unlock' }
  | { kind: 'reset' };

const send = (id: number, change: OperatorChange) => {
  switch (change.kind) {
    case 'role':
      return callApi('changeOperatorRole', { id, body: { role: change.role } });
    case 'disable':
      return callApi('disableOperator', { id });
    case 'enable':
      return callApi('enableOperator', { id });
    case 'unlock':
      return callApi('unlockOperator', { id });
    case 'reset':
      return callApi('resetOperator', { id });
  }
};

/** One admin change of another operator; a reset answers their new enrolment link. The list is asked again. */
export const useChangeOperator = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: OperatorChange }) => send(id, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsQuery().queryKey }),
  });
};
