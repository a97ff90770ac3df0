import type { CallRequest } from '@/shared/http/api-client';
import { callApi, useApiMutation } from '@/shared/http/api-client';

/** Registers the borrower (spec §7); -1 wrong captcha, 11 already registered (spec §8). */
export const register = (params: CallRequest<'register'>) => callApi('register', params, { loading: true });

/** The prospect goes on to the download page: nothing this app shows changes, so no query to invalidate. */
export const useRegister = () => useApiMutation('register', { loading: true });
