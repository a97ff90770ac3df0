import { callApi, useApiQuery } from '@/shared/http/api-client';

/** The landing template of a channel: images, colours, texts and agreement links (spec §3, §7). */
export const getChannelTemplate = (templateId: string) => callApi('channelTemplate', { templateId });

export const useChannelTemplate = (templateId: string) =>
  useApiQuery('channelTemplate', { templateId }, { enabled: templateId !== '', staleTime: Number.POSITIVE_INFINITY });
