import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/shared/http/api-client';
import { unreadMessagesQuery } from '@/shared/messages/get-unread-messages';
import { messagesQuery } from './get-messages';

/** Marks one message ('123') or every message ('all') read; the server ignores a message read before. */
export const markMessagesRead = (messageId: string) => callApi('messagesRead', { messageId }, { silent: true });

/** Reading changes the list and main's badge: both are asked again. */
export const useMarkMessagesRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessagesRead,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messagesQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: unreadMessagesQuery().queryKey }),
      ]),
  });
};
