import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/**
 * How many of the borrower's messages are unread (issue 17, decision 108). In shared, not in the
 * messages feature: main's badge shows it, and no feature imports another.
 * The count's query: the messages feature invalidates it when the borrower reads.
 */
export const unreadMessagesQuery = () => apiQueryOptions('messagesUnread', {}, { silent: true, retry: false });

export const useUnreadMessages = () => useQuery(unreadMessagesQuery());
