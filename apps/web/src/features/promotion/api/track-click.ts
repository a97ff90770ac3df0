import type { CallRequest } from '@/shared/http/api-client';
import { callApi } from '@/shared/http/api-client';

/** Records a tap on the landing page's apply button (spec §7); silent, it never holds up the registration. */
export const trackClick = (params: CallRequest<'trackClick'>): Promise<void> =>
  callApi('trackClick', params, { silent: true }).then(
    () => undefined,
    () => undefined,
  );
