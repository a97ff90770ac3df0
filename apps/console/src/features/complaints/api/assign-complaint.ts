import { callApi } from '@/shared/api-client';
import { useDeskMutation } from './desk-mutation';

/** Assigns the complaint to an operator, or with null leaves it unassigned. */
export const useAssign = (id: number) =>
  useDeskMutation(id, (operatorId: number | null) => callApi('assign', { id, body: { operatorId } }));
