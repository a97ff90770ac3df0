import type { ConsoleRequest } from '@kilat/contract/console/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, apiQueryOptions, callApi } from '@/shared/api-client';

/** The recommended-products catalogue: scenes with their module ids, products with scenes and button status. */
export const useCatalogue = () => useQuery(apiQueryOptions('catalogue', {}));

export type CatalogueProductBody = ConsoleRequest<'addCatalogueProduct'>['body'];
export type SceneBody = ConsoleRequest<'saveRecommendScene'>['body'];

/** Adds a catalogue product (id null) or changes one; the catalogue is asked again. */
export const useSaveCatalogueProduct = (onSaved: () => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CatalogueProductBody }) =>
      id === null ? callApi('addCatalogueProduct', { body }) : callApi('changeCatalogueProduct', { id, body }),
    onSuccess: async () => {
      onSaved();
      await queryClient.invalidateQueries({ queryKey: apiQueryKey('catalogue') });
    },
  });
};

/** Adds a scene or sets its module id. */
export const useSaveScene = (onSaved: () => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ scene, body }: { scene: string; body: SceneBody }) => callApi('saveRecommendScene', { id: scene, body }),
    onSuccess: async () => {
      onSaved();
      await queryClient.invalidateQueries({ queryKey: apiQueryKey('catalogue') });
    },
  });
};

/** Every landing template of both markets. */
export const useLandingTemplates = () => useQuery(apiQueryOptions('landingTemplates', {}));

export type LandingTemplateBody = ConsoleRequest<'addLandingTemplate'>['body'];

/** Adds a template (isNew) or changes the one of the body's id; the list is asked again. */
export const useSaveLandingTemplate = (onSaved: () => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ isNew, body }: { isNew: boolean; body: LandingTemplateBody }) =>
      isNew ? callApi('addLandingTemplate', { body }) : callApi('changeLandingTemplate', { id: body.id, body }),
    onSuccess: async () => {
      onSaved();
      await queryClient.invalidateQueries({ queryKey: apiQueryKey('landingTemplates') });
    },
  });
};
