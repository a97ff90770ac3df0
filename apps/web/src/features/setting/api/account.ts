import { callApi } from '@/shared/http/api-client';

/** Ends this session (the existing logout call). */
export const logOut = () => callApi('logout', {}, { loading: true });

/** Ends every session of the borrower, on every phone (issue 17). */
export const logOutEverywhere = () => callApi('logoutEverywhere', {}, { loading: true });

/** Deletes the account; refused with the reason while a loan is open (issue 17). */
export const deleteAccount = () => callApi('deleteAccount', {}, { loading: true });
