import { ResultCode } from '@kilat/contract';
import { useApiMutation } from '@/shared/http/api-client';

/**
 * Sends the login SMS code; a repeat within the countdown is refused with 'do not resend code'.
 * A phone with no account is not toasted: the page offers registration in place, and a toast would
 * cover its "Register now" (issue 48). Changes nothing the pages read: no query to invalidate.
 */
export const useSendLoginCode = () => useApiMutation('loginCode', { loading: true, quietCodes: [ResultCode.NoAccount] });
