import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/**
 * The landing template of a channel: images, colours, texts and agreement links (spec §3, §7).
 * A channel's template, kept for the page's life. Without a template id there is nothing to ask:
 * the query stays disabled and the pages use their defaults, so they wait on `isLoading`, not `isPending`.
 */
export const channelTemplateQuery = (templateId: string) =>
  apiQueryOptions('channelTemplate', { templateId }, { enabled: templateId !== '', staleTime: Number.POSITIVE_INFINITY });

export const useChannelTemplate = (templateId: string) => useQuery(channelTemplateQuery(templateId));
