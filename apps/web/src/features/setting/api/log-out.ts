import { callApi } from '@/shared/http/api-client';
import { useSessionEnding } from './end-session';

/** Ends this session (the existing logout call). */
export const logOut = () => callApi('logout', {}, { loading: true });

export const useLogOut = () => useSessionEnding('logout');
