/** The message centre's calls (issue 17): the list, marking read, and the unread count main's badge asks for. */
import type { CallHandlers } from '../../http/contract-route.js';
import { messageFor } from '../../http/language.js';
import type { MessagesService } from './service.js';

export const messagesHandlers = (messages: MessagesService): CallHandlers => ({
  messages: async ({ borrower, request }) => messages.list(borrower.id, (key, values) => messageFor(request, key, values)),
  messagesRead: async ({ input, borrower }) => messages.read(borrower.id, input.messageId),
  messagesUnread: async ({ borrower }) => messages.unread(borrower.id),
});
