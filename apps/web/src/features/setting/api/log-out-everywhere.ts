import { callApi } from '@/shared/http/api-client';
import { useSessionEnding } from './end-session';

/** Ends every session of the borrower, on every phone (issue 17). */
export const logOutEverywhere = () => callApi('logoutEverywhere', {}, { loading: true });

export const useLogOutEverywhere = () => useSessionEnding('logoutEverywhere');
