import { useApiMutation } from '@/shared/http/api-client';

/**
 * Registers the borrower (spec §7); -1 wrong captcha, 11 already registered (spec §8).
 * The prospect goes on to the download page: nothing this app shows changes, so no query to invalidate.
 */
export const useRegister = () => useApiMutation('register', { loading: true });
