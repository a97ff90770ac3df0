import { PayType } from '@kilat/contract';
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';
import type { PayTypeValue } from '../../repay-choice';

/**
 * The banks (each with its ways to pay) or the mini markets of a pay type (spec §7 init-pay-type).
 * The options' query per pay type; nothing is asked until a type is chosen.
 */
export const payOptionsQuery = (productId: string, orderId: string, payType: PayTypeValue | null) =>
  apiQueryOptions('initPayType', { productId, orderId, pay_type: payType ?? PayType.Bank }, { enabled: payType !== null, retry: false });

export const useInitPayType = (productId: string, orderId: string, payType: PayTypeValue | null) =>
  useQuery(payOptionsQuery(productId, orderId, payType));
