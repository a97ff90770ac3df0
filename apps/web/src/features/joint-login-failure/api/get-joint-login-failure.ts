import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/** Headline, notice and products after a failed joint login (spec §7); another status is toasted by the client. */
export const jointLoginFailureQuery = (approaches: string) => apiQueryOptions('jointLoginFailure', { approaches });

export const useJointLoginFailure = (approaches: string) => useQuery(jointLoginFailureQuery(approaches));
