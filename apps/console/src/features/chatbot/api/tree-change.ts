import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatbotTreeQuery } from './get-chatbot-tree';

/** Every change of the tree reloads it. */
export const useTreeChange = <V>(run: (variables: V) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: chatbotTreeQuery().queryKey }) });
};
