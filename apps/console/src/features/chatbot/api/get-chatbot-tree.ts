import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** The chatbot's whole tree, retired nodes included, in each parent's order. */
export const chatbotTreeQuery = () => apiQueryOptions('chatbotTree', {});

export const useTree = () => useQuery(chatbotTreeQuery());
