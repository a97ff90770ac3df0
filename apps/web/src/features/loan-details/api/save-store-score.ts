import { useApiMutation } from '@/shared/http/api-client';

/** Sends the stars the borrower picked (DESIGN §6: not the constant 5 the spec's page sent). */
export const useSaveStoreScore = () => useApiMutation('storeScore', { loading: true });
