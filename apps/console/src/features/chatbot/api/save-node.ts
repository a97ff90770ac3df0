import { callApi } from '@/shared/api-client';
import { useTreeChange } from './tree-change';

export interface NodeTexts {
  titleEn: string;
  titleId: string;
  aliasEn: string;
  aliasId: string;
}

/** Adds a node at the end of its siblings (id null), or changes a node's titles and aliases. */
export const useSaveNode = () =>
  useTreeChange((node: NodeTexts & { id: number | null; parentId: number | null; actionType: number }) => {
    const texts = { titleEn: node.titleEn, titleId: node.titleId, aliasEn: node.aliasEn, aliasId: node.aliasId };
    return node.id === null
      ? callApi('addNode', { body: { ...texts, parentId: node.parentId, actionType: node.actionType } })
      : callApi('changeNode', { id: node.id, body: texts });
  });
