import { callApi } from '@/shared/http/api-client';

/** A chatbot node's question and its answers; pid 0 lists the categories (spec §4, §7). */
export const getQaList = (orderNo: string, pid: number) => callApi('qaList', { orderNo, pid });
