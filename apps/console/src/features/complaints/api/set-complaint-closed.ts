import { callApi } from '@/shared/api-client';
import { useDeskMutation } from './desk-mutation';

/** Closes the complaint, or reopens it. */
export const useSetClosed = (id: number) => useDeskMutation(id, (closed: boolean) => callApi(closed ? 'close' : 'reopen', { id }));
