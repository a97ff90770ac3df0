/**
 * The control matrix's rule (issue 47, decision 232): an action moves money without a second
 * person only while what it moved today on the order, and what the operator moved today on any
 * order, stay within the market's limits with this request added. Splitting a waiver into small
 * requests therefore gains nothing: the sum is what is checked, never the request alone.
 */

export const ControlledAction = { PenaltyWaiver: 'penalty_waiver', WriteOff: 'write_off', OfflineRepayment: 'offline_repayment' } as const;
export type ControlledAction = (typeof ControlledAction)[keyof typeof ControlledAction];
export const controlledActions: readonly ControlledAction[] = Object.values(ControlledAction);

export interface Control {
  /** at most this much a business day on one order without a second person */
  orderDayMinor: number;
  /** at most this much a business day by one operator, over every order, without a second person */
  operatorDayMinor: number;
}

export type ControlBreach = { limit: 'orderDay' | 'operatorDay'; limitMinor: number; movedMinor: number } | null;

/** Which limit this request would pass (the order's first), with what was moved already; null: within both. */
export const controlBreach = (
  control: Control,
  request: { amountMinor: number; orderTodayMinor: number; operatorTodayMinor: number },
): ControlBreach => {
  if (request.orderTodayMinor + request.amountMinor > control.orderDayMinor)
    return { limit: 'orderDay', limitMinor: control.orderDayMinor, movedMinor: request.orderTodayMinor };
  if (request.operatorTodayMinor + request.amountMinor > control.operatorDayMinor)
    return { limit: 'operatorDay', limitMinor: control.operatorDayMinor, movedMinor: request.operatorTodayMinor };
  return null;
};
