import type { CallRequest } from '@/shared/http/api-client';
import { callApi, useApiMutation } from '@/shared/http/api-client';

/** Sends the login SMS code; a repeat within the countdown is refused with 'do not resend code'. */
export const sendLoginCode = (params: CallRequest<'loginCode'>) => callApi('loginCode', params, { loading: true });

/** Changes nothing the pages read: no query to invalidate. */
export const useSendLoginCode = () => useApiMutation('loginCode', { loading: true });
