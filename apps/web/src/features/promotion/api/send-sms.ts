import type { CallRequest } from '@/shared/http/api-client';
import { callApi, useApiMutation } from '@/shared/http/api-client';

/** Sends the registration SMS code (spec §7); 101 wrong captcha, 11 already registered (spec §8). */
export const sendSms = (params: CallRequest<'sendSms'>) => callApi('sendSms', params, { loading: true });

/** Changes nothing the pages read: no query to invalidate. */
export const useSendSms = () => useApiMutation('sendSms', { loading: true });
