import { type ConsoleRequest, PRODUCT_LOGO_FIELD } from '@kilat/contract/console/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, apiQueryOptions, callApi } from '@/shared/api-client';

/** Every product of both markets, with the rules each breaks. */
export const useProducts = () => useQuery(apiQueryOptions('products', {}));

/** the body of an add or a change: the server's request schema's input */
export type ProductBody = ConsoleRequest<'addProduct'>['body'];
export type ProductSave = { id: number | null; body: ProductBody };

/** Adds a product (id null) or changes one; the list is asked again. */
export const useSaveProduct = (onSaved: () => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: ProductSave) => (id === null ? callApi('addProduct', { body }) : callApi('changeProduct', { id, body })),
    onSuccess: async () => {
      onSaved();
      await queryClient.invalidateQueries({ queryKey: apiQueryKey('products') });
    },
  });
};

/** Offers a product to borrowers or retires it. */
export const useSetProductActive = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => callApi(active ? 'activateProduct' : 'retireProduct', { id }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: apiQueryKey('products') });
    },
  });
};

/** Uploads a product's logo (one file part named PRODUCT_LOGO_FIELD); the list is asked again. */
export const useUploadLogo = (onUploaded: () => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.set(PRODUCT_LOGO_FIELD, file);
      return callApi('uploadProductLogo', { id, body: form });
    },
    onSuccess: async () => {
      onUploaded();
      await queryClient.invalidateQueries({ queryKey: apiQueryKey('products') });
    },
  });
};
