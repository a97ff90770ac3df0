import { z } from 'zod';
import { Digits, Id, MinorAmount, OptionalId, ZeroOrOne } from './fields.js';

/** A bank card as shown: masked, BIN and last 4 at most (spec §3, PCI DSS). */
export const BankCardSchema = z.object({ id: z.string(), bankName: z.string(), cardNo: z.string(), bankCode: z.string() });
export type BankCard = z.infer<typeof BankCardSchema>;

export const RepaymentWayRequestSchema = z.object({ orderId: Id, amount: MinorAmount.optional() });
export const RepaymentWayDataSchema = z.object({ alipay: z.number().int(), repayToken: z.string(), bankCards: z.array(BankCardSchema) });

export const RepaymentCommitRequestSchema = z.object({
  amount: MinorAmount,
  bankName: z.string().max(100),
  cardId: Id,
  cardNo: z.string().max(32),
  couponId: OptionalId,
  orderId: Id,
  repayToken: Id,
  bankCode: z.string().max(32),
  sendMsg: ZeroOrOne,
});
export const RepaymentCommitDataSchema = z.object({ needValid: z.number().int(), repayRecordId: z.string() });

export const RepaymentCheckoutRequestSchema = z.object({ userId: OptionalId, orderId: Id, amount: MinorAmount });
export const RepaymentCheckoutDataSchema = z.object({ url: z.string() });

export const RepaymentConfirmRequestSchema = z.object({ orderId: Id, verifyCode: Digits(8).min(6), repaymentRecordId: Id });
export const RepaymentConfirmDataSchema = z.object({ repayRecordId: z.string() });
