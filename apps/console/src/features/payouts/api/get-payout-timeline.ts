import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** An order's payout attempts with their state changes, and what retry and cancel-loan would do now. */
export const payoutTimelineQuery = (orderId: number) => apiQueryOptions('payoutTimeline', { id: orderId });

export const usePayoutTimeline = (orderId: number) => useQuery(payoutTimelineQuery(orderId));
