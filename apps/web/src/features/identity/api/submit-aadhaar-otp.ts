import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '@/shared/http/api-client';

/** India: the code UIDAI sent to the Aadhaar's mobile completes the e-KYC (issue 29); a refusal is shown beside the field. */
export const useSubmitAadhaarOtp = () => {
  const queryClient = useQueryClient();
  return useApiMutation('identityOtp', {
    loading: true,
    silent: true,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['identity'] }),
  });
};
