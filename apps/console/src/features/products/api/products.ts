import type { ConsoleRequest } from '@kilat/contract/console/browser';
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
