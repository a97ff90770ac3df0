import type { ProvisioningBucket } from '@kilat/contract/console/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@/shared/api-client';

/** An admin's change of one bucket's provisioning rate, with a reason; the provisioning is asked again. */
export const useChangeProvisioningRate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { market: 'IN' | 'ID'; bucket: ProvisioningBucket; rateBps: number; reason: string }) =>
      callApi('changeProvisioningRate', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey('booksProvisioning') }),
  });
};
