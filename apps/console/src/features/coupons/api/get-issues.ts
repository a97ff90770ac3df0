import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** The newest coupon issues with where each stands (decision 254). */
export const useCouponIssues = () => useQuery(apiQueryOptions('couponIssues', {}));
