import { useApiMutation } from '@/shared/http/api-client';

/**
 * Sends the login SMS code; a repeat within the countdown is refused with 'do not resend code'.
 * Changes nothing the pages read: no query to invalidate.
 */
export const useSendLoginCode = () => useApiMutation('loginCode', { loading: true });
