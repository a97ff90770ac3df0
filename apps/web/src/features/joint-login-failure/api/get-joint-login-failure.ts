import { callApi, useApiQuery } from '@/shared/http/api-client';

/** Headline, notice and products after a failed joint login (spec §7); another status is toasted by the client. */
export const getJointLoginFailure = (approaches: string) => callApi('jointLoginFailure', { approaches });

export const useJointLoginFailure = (approaches: string) => useApiQuery('jointLoginFailure', { approaches });
