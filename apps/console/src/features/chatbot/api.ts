/** The chatbot editor's calls: the tree, add, edit, move, retire/restore, and a borrower's records. */
import type { BorrowerChatRecords, QaTreeNode } from '@kilat/contract/console/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api-client';

export interface NodeTexts {
  titleEn: string;
  titleId: string;
  aliasEn: string;
  aliasId: string;
}

export const useTree = () => useQuery({ queryKey: ['chatbot-tree'], queryFn: () => api<QaTreeNode[]>('GET', '/chatbot/nodes') });

/** Every change reloads the tree. */
const useTreeChange = <V>(run: (variables: V) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['chatbot-tree'] }) });
};

export const useSaveNode = () =>
  useTreeChange((node: NodeTexts & { id: number | null; parentId: number | null; actionType: number }) => {
    const texts = { titleEn: node.titleEn, titleId: node.titleId, aliasEn: node.aliasEn, aliasId: node.aliasId };
    return node.id === null
      ? api('POST', '/chatbot/nodes', { ...texts, parentId: node.parentId, actionType: node.actionType })
      : api('PUT', `/chatbot/nodes/${node.id}`, texts);
  });

export const useMoveNode = () =>
  useTreeChange(({ id, direction }: { id: number; direction: 'up' | 'down' }) => api('POST', `/chatbot/nodes/${id}/move`, { direction }));

export const useRetireNode = () =>
  useTreeChange(({ id, retired }: { id: number; retired: boolean }) =>
    api('POST', `/chatbot/nodes/${id}/${retired ? 'retire' : 'restore'}`),
  );

export const useBorrowerRecords = (borrowerId: number | null) =>
  useQuery({
    queryKey: ['chat-records', borrowerId],
    queryFn: () => api<BorrowerChatRecords>('GET', `/borrowers/${borrowerId}/chat-records`),
    enabled: borrowerId !== null,
  });
