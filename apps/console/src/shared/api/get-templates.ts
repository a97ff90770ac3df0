import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** The reply templates, of one problem type or of all: the templates page edits them, the desk replies with them. */
export const templatesQuery = (problemType?: number) => apiQueryOptions('templates', { query: { problemType } });

export const useTemplates = (problemType?: number) => useQuery(templatesQuery(problemType));
