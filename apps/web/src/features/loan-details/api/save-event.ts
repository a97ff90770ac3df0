import type { CallRequest } from '@/shared/http/api-client';
import { callApi } from '@/shared/http/api-client';

/** The event save of spec §7 ('loan more' and recommended taps); silent, and its failure never stops the navigation. */
export const saveEvent = (params: CallRequest<'eventSave'>): Promise<void> =>
  callApi('eventSave', params, { silent: true }).then(
    () => undefined,
    () => undefined,
  );
