import type { CallRequest } from '@/shared/http/api-client';
import { callApi } from '@/shared/http/api-client';

/** Sends the application; answers the loan confirm address (issue 17, decision 076). */
export const submitApplication = (params: CallRequest<'applicationSubmit'>) => callApi('applicationSubmit', params, { loading: true });
