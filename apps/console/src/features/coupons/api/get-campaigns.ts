import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** Every coupon campaign with its cost and effect (issue 50). */
export const campaignsQuery = () => apiQueryOptions('couponCampaigns', {});

export const useCampaigns = () => useQuery(campaignsQuery());
