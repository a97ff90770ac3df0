import { type CallRequest, callApi } from '@/shared/http/api-client';

/** Starts a card repayment, or sends its SMS code again with sendMsg 1 (spec §7 repayment-commit). */
export const commitRepayment = (fields: CallRequest<'repaymentCommit'>) => callApi('repaymentCommit', fields, { loading: true });
