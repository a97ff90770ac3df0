import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** Applications waiting for the risk role, nearest deadline first (issue 29). */
export const reviewsQuery = () => apiQueryOptions('reviews', {});

export const useReviews = () => useQuery(reviewsQuery());
