import { useApiMutation } from '@/shared/http/api-client';

/**
 * Asks whether the account may be deleted now (issue 48): refused with the open loan's number, as
 * the deletion itself would be, so the page says so before it asks "Delete for good?". Changes nothing.
 */
export const useCheckDeletion = () => useApiMutation('deleteAccountCheck', { loading: true, silent: true });
