import { useApiMutation } from '@/shared/http/api-client';

/**
 * Sends the registration SMS code (spec §7); 101 wrong captcha, 11 already registered (spec §8).
 * Changes nothing the pages read: no query to invalidate.
 */
export const useSendSms = () => useApiMutation('sendSms', { loading: true });
