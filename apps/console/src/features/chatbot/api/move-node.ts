import { callApi } from '@/shared/api-client';
import { useTreeChange } from './tree-change';

/** Moves a node up or down among its siblings. */
export const useMoveNode = () =>
  useTreeChange(({ id, direction }: { id: number; direction: 'up' | 'down' }) => callApi('moveNode', { id, body: { direction } }));
