/** The control matrix (issue 47, decision 232): per market and action, what may move in a day without a second person. */
import { z } from 'zod';

export const ControlledActionSchema = z.enum(['penalty_waiver', 'write_off', 'offline_repayment']);

const limit = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** An admin's change of one row: both limits, minor units of the market, with a reason kept in the audit log. */
export const MoneyControlRequestSchema = z.object({
  market: z.enum(['IN', 'ID']),
  action: ControlledActionSchema,
  orderDayMinor: limit,
  operatorDayMinor: limit,
  reason: z.string().trim().min(3).max(500),
});

export interface MoneyControlView {
  market: 'IN' | 'ID';
  action: z.infer<typeof ControlledActionSchema>;
  /** at most this much a business day on one order without a second person */
  orderDayMinor: number;
  orderDay: string;
  /** at most this much a business day by one operator, over every order, without a second person */
  operatorDayMinor: number;
  operatorDay: string;
  /** null: the configured default, never changed */
  updatedBy: { id: number; name: string } | null;
  updatedAt: string | null;
}
