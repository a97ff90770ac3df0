import type { CallRequest } from '@/shared/http/api-client';
import { callApi } from '@/shared/http/api-client';

/** Sends the login SMS code; a repeat within the countdown is refused with 'do not resend code'. */
export const sendLoginCode = (params: CallRequest<'loginCode'>) => callApi('loginCode', params, { loading: true });
