import { useApiMutation } from '@/shared/http/api-client';

/** Sends the SMS code that allows changing a valid disbursal account (issue 28); a refusal is toasted. */
export const useSendChangeCode = () => useApiMutation('disbursalAccountCode');
