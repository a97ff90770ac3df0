import type { CallRequest } from '@/shared/http/api-client';
import { callApi } from '@/shared/http/api-client';

/** Records a tap on a recommended product (spec §7); silent and never awaited, it must not hold up the apply. */
export const savePageEvent = (params: CallRequest<'pageEvent'>): Promise<void> =>
  callApi('pageEvent', params, { silent: true }).then(
    () => undefined,
    () => undefined,
  );
