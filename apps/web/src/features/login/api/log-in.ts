import type { CallRequest } from '@/shared/http/api-client';
import { callApi } from '@/shared/http/api-client';

/** Logs in with phone and SMS code; answers the session for this device. */
export const logIn = (params: CallRequest<'login'>) => callApi('login', params, { loading: true });
