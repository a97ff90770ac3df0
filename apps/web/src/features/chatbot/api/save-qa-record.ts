import type { QaRecordType } from '@kilat/contract';
import { useApiMutation } from '@/shared/http/api-client';

export type QaRecordKind = (typeof QaRecordType)[keyof typeof QaRecordType];

/**
 * Records a chatbot interaction (spec §3): 1 a jump to support, 2 resolved feedback (1 yes, 2 no),
 * 3 a star rating (1-5), 4 a free-text question. Answers with the server's text.
 * A record changes nothing the chat reads again (the answers it gives come back in the reply): no query to invalidate.
 */
export const useSaveQaRecord = () => useApiMutation('qaRecord');
