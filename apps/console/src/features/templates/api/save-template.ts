import type { TemplateView } from '@kilat/contract/console/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@/shared/api-client';

export type TemplateDraft = Omit<TemplateView, 'id'> & { id: number | null };

/** Adds a template (id null) or changes or retires one; every template list, the desk's included, is asked again. */
export const useSaveTemplate = (onSaved: () => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TemplateDraft) =>
      id === null ? callApi('addTemplate', { body }) : callApi('changeTemplate', { id, body }),
    onSuccess: async () => {
      onSaved();
      await queryClient.invalidateQueries({ queryKey: apiQueryKey('templates') });
    },
  });
};
