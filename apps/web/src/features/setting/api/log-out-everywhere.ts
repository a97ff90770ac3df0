import { useSessionEnding } from './end-session';

/** Ends every session of the borrower, on every phone (issue 17). */
export const useLogOutEverywhere = () => useSessionEnding('logoutEverywhere');
