import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '@/shared/http/api-client';

/**
 * Sends the identity fields with the selfie (and the KTP photo) as one multipart body (issue 29). A
 * refusal is shown beside the form, not toasted; whatever the provider said, the check is asked again.
 */
export const useSubmitIdentity = () => {
  const queryClient = useQueryClient();
  return useApiMutation('identitySubmit', {
    loading: true,
    silent: true,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['identity'] }),
  });
};
