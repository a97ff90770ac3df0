import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** Per campaign and day: issued, used, expired, discounted; on-time repayment with and without a coupon. */
export const useCouponFigures = (query: { market: 'IN' | 'ID'; from?: string; to?: string }) =>
  useQuery(apiQueryOptions('couponFigures', { query }));
