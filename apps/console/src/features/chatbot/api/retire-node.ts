import { callApi } from '@/shared/api-client';
import { useTreeChange } from './tree-change';

/** Retires a node and everything under it, or restores them. */
export const useRetireNode = () =>
  useTreeChange(({ id, retired }: { id: number; retired: boolean }) => callApi(retired ? 'retireNode' : 'restoreNode', { id }));
