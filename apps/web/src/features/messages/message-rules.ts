import type { Message } from '@kilat/contract/schemas';
import { Paths } from '@/shared/paths';

/** Where a message leads: the complaint a reply answers, else the loan it is about. */
export const messageHref = (message: Pick<Message, 'complaintId' | 'orderId' | 'productId'>): string =>
  message.complaintId !== ''
    ? `${Paths.complaintDetail}?${new URLSearchParams({ problemId: message.complaintId })}`
    : `${Paths.loanDetails}?${new URLSearchParams({ productId: message.productId, orderId: message.orderId })}`;
