import { useSessionEnding } from './end-session';

/** Ends this session (the existing logout call). */
export const useLogOut = () => useSessionEnding('logout');
