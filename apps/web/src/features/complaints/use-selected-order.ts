import type { OrderSummary, ProblemInitData } from '@kilat/contract/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { getQueryContext } from '@/shared/query-context';
import type { ProblemInitParams } from './api/get-problem-init';
import { readComplaintOrder } from './complaint-rules';

/** The order the complaint pages start from: the one saved locally, else the address's order id. */
export const startingOrder = (): ProblemInitParams => {
  const saved = readComplaintOrder();
  return saved ? { orderNo: saved } : { orderId: getQueryContext().orderId };
};

/**
 * Problem-init for the starting order, and the order the borrower has selected: the server's
 * selected order until another is picked from the list.
 */
export const useSelectedOrder = (useInit: (params: ProblemInitParams) => UseQueryResult<ProblemInitData, Error>) => {
  const [params] = useState(startingOrder);
  const init = useInit(params);
  const [picked, setPicked] = useState<string | null>(null);

  const selected: OrderSummary | null = useMemo(() => {
    if (!init.data) return null;
    const { orderDetail, orderList } = init.data;
    return orderList.find((order) => order.orderNo === picked) ?? orderDetail ?? orderList[0] ?? null;
  }, [init.data, picked]);

  return { init, selected, select: (order: OrderSummary) => setPicked(order.orderNo) };
};
