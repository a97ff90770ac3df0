import { useSessionEnding } from './end-session';

/** Deletes the account; refused with the reason while a loan is open (issue 17, decision 077). */
export const useDeleteAccount = () => useSessionEnding('deleteAccount');
