import { type CallRequest, callApi } from '@/shared/http/api-client';

/**
 * Confirms a card repayment with its SMS code (spec §7 repayment-confirm). Silent: 800006 and
 * 800005 show the spec's own texts, not the server's message (spec §8), so the page says them.
 */
export const confirmRepayment = (fields: CallRequest<'repaymentConfirm'>) =>
  callApi('repaymentConfirm', fields, { loading: true, silent: true });
