import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/** The borrower's messages, newest first, with the unread count (issue 17, decision 108). The list's query: marking read invalidates it. */
export const messagesQuery = () => apiQueryOptions('messages', {}, { retry: false });

export const useMessages = () => useQuery(messagesQuery());
