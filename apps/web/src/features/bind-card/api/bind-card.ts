import { type CallRequest, callApi } from '@/shared/http/api-client';

/** Binds a card; the server tokenises it at once and answers it masked (our bind-card call, decision 021). */
export const bindCard = (fields: CallRequest<'bindCard'>) => callApi('bindCard', fields, { loading: true });
