import type { CallRequest } from '@/shared/http/api-client';
import { callApi } from '@/shared/http/api-client';

/** Registers the borrower (spec §7); -1 wrong captcha, 11 already registered (spec §8). */
export const register = (params: CallRequest<'register'>) => callApi('register', params, { loading: true });
