import type { CallRequest } from '@/shared/http/api-client';
import { callApi } from '@/shared/http/api-client';

/** Records a landing-page visit (spec §7); a failure must not disturb the page, so it is silent. */
export const trackVisit = (params: CallRequest<'trackVisit'>): Promise<void> =>
  callApi('trackVisit', params, { silent: true }).then(
    () => undefined,
    () => undefined,
  );
