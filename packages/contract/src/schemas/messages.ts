import { z } from 'zod';

/** ours (issue 17): the message centre; no fields, the session names the borrower. */
export const MessagesRequestSchema = z.object({});

/** The status changes a borrower is told of (decision 108). */
export const MessageKinds = [
  'approved',
  'disbursed',
  'payoutFailed',
  'payoutReversed',
  'cancelled',
  'dueSoon',
  'overdue',
  'repaid',
  'complaintReplied',
  'rejected',
  'withdrawn',
  'refunded',
  'agencyNotice',
  'autopayDebit',
] as const;

/**
 * One message, its title and text in the language of the request. `shownAt` is the instant of the
 * event (ISO 8601), which the page writes in the market's format; `complaintId` is '' unless the
 * message is about a complaint reply, which it then links to instead of the loan.
 */
export const MessageSchema = z.object({
  messageId: z.string(),
  kind: z.enum(MessageKinds),
  title: z.string(),
  text: z.string(),
  shownAt: z.string(),
  isRead: z.number().int(),
  orderId: z.string(),
  productId: z.string(),
  orderNo: z.string(),
  complaintId: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;

/** Newest first, with how many are unread. */
export const MessagesDataSchema = z.object({ list: z.array(MessageSchema), unread: z.number().int() });

/** One message's id, or 'all' for every message shown so far. Marking read twice changes nothing. */
export const MessagesReadRequestSchema = z.object({
  messageId: z
    .string()
    .trim()
    .regex(/^(\d{1,15}|all)$/),
});

export const MessagesUnreadDataSchema = z.object({ unread: z.number().int() });
