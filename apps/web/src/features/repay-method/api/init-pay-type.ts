import { PayType } from '@kilat/contract';
import { useApiQuery } from '@/shared/http/api-client';
import type { PayTypeValue } from '@/shared/repay-choice';

/** The banks (each with its ways to pay) or the mini markets of a pay type (spec §7 init-pay-type); nothing until a type is chosen. */
export const useInitPayType = (productId: string, orderId: string, payType: PayTypeValue | null) =>
  useApiQuery('initPayType', { productId, orderId, pay_type: payType ?? PayType.Bank }, { enabled: payType !== null, retry: false });
