/**
 * The message centre (issue 17, decision 108): the borrower's messages, newest first, with their
 * text rendered now in the language of the request (a message stores its kind and params, not its
 * words, so a borrower who switches the page's language reads every message in it).
 */
import { formatMoney, type MessageKey } from '@kilat/contract';
import type { Message } from '@kilat/contract/schemas';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lending/clock.js';
import { reasonText } from '../../lending/decision.js';
import type { Speak } from '../../lending/pricing-view.js';
import type { ListedMessage, MessagesRepository } from './repository.js';
import type { MessageKind } from './table.js';

const TITLES: Record<MessageKind, MessageKey> = {
  approved: 'messageApprovedTitle',
  disbursed: 'messageDisbursedTitle',
  payoutFailed: 'messagePayoutFailedTitle',
  payoutReversed: 'messagePayoutReversedTitle',
  cancelled: 'messageCancelledTitle',
  dueSoon: 'messageDueSoonTitle',
  overdue: 'messageOverdueTitle',
  repaid: 'messageRepaidTitle',
  complaintReplied: 'messageComplaintRepliedTitle',
  rejected: 'messageRejectedTitle',
  withdrawn: 'messageWithdrawnTitle',
  refunded: 'messageRefundedTitle',
  agencyNotice: 'messageAgencyNoticeTitle',
  autopayDebit: 'messageAutopayDebitTitle',
};

/** A due-soon message's text depends on the days to the due date it was written for (3, 1 or 0). */
const dueSoonText = (days: number | undefined): MessageKey => {
  if (days === 0) return 'messageDueTodayText';
  if (days === 1) return 'messageDueTomorrowText';
  return 'messageDueIn3DaysText';
};

const textKeyOf = (message: Pick<ListedMessage, 'kind' | 'params'>): MessageKey => {
  switch (message.kind) {
    case 'approved':
      return 'messageApprovedText';
    case 'disbursed':
      return 'messageDisbursedText';
    case 'payoutFailed':
      return 'messagePayoutFailedText';
    case 'payoutReversed':
      return 'messagePayoutReversedText';
    case 'cancelled':
      return 'messageCancelledText';
    case 'dueSoon':
      return dueSoonText(message.params.days);
    case 'overdue':
      // written with what was owed (issue 48); one written before says only that it is overdue
      return message.params.amountMinor === undefined ? 'messageOverdueText' : 'messageOverdueOwedText';
    case 'repaid':
      return 'messageRepaidText';
    case 'complaintReplied':
      return 'messageComplaintRepliedText';
    case 'rejected':
      return 'messageRejectedText';
    case 'withdrawn':
      return 'messageWithdrawnText';
    case 'refunded':
      return 'messageRefundedText';
    case 'agencyNotice':
      return 'messageAgencyNoticeText';
    case 'autopayDebit':
      return 'messageAutopayDebitText';
  }
};

/** One stored message as the page shows it, in the language `t` speaks. */
export const messageView = (message: ListedMessage, t: Speak): Message => {
  const { params } = message;
  const values = {
    orderNo: params.orderNo,
    date: params.date ?? '',
    last4: params.last4 ?? '',
    amount: params.amountMinor === undefined ? '' : formatMoney(params.amountMinor, message.market),
    utr: params.utr ?? '',
    reason: params.reason ? reasonText(params.reason, message.market, t) : '',
    agency: params.agency ?? '',
    contact: params.contact ?? '',
    penalty: params.penaltyMinor === undefined ? '' : formatMoney(params.penaltyMinor, message.market),
    overdueFor:
      params.overdueDays === undefined ? '' : params.overdueDays === 1 ? t('dayCountOne') : t('dayCountMany', { n: params.overdueDays }),
  };
  return {
    messageId: String(message.id),
    kind: message.kind,
    title: t(TITLES[message.kind], values),
    text: t(textKeyOf(message), values),
    shownAt: message.shownAt.toISOString(),
    isRead: message.readAt ? 1 : 0,
    orderId: String(message.orderId),
    productId: String(message.productId),
    orderNo: message.params.orderNo,
    complaintId: message.complaintId === null ? '' : String(message.complaintId),
  };
};

export class MessagesService {
  constructor(
    private readonly repository: MessagesRepository,
    private readonly clock: Clock,
  ) {}

  async list(borrowerId: number, t: Speak): Promise<{ list: Message[]; unread: number }> {
    const now = this.clock.now();
    const [rows, unread] = await Promise.all([this.repository.list(borrowerId, now), this.repository.unreadCount(borrowerId, now)]);
    return { list: rows.map((row) => messageView(row, t)), unread };
  }

  async unread(borrowerId: number): Promise<{ unread: number }> {
    return { unread: await this.repository.unreadCount(borrowerId, this.clock.now()) };
  }

  /** Marks one message ('123') or every message shown so far ('all') read; reading again changes nothing. */
  async read(borrowerId: number, messageId: string): Promise<{ unread: number }> {
    const now = this.clock.now();
    if (messageId === 'all') {
      await this.repository.markRead(borrowerId, now);
    } else {
      const id = Number(messageId);
      const owner = await this.repository.ownerOf(id, now);
      if (owner === null) throw AppError.notFound();
      if (owner !== borrowerId) throw AppError.forbidden();
      await this.repository.markRead(borrowerId, now, id);
    }
    return this.unread(borrowerId);
  }
}
