/**
 * The complaint desk (issue 18): the queue with its SLA clock, one complaint beside the borrower's
 * order and chat history, assignment, replies through the complaints service, close and reopen,
 * and reply templates per problem type. Every change is audited in its own transaction.
 */
import { COLLECTION_PROBLEM_TYPE, formatMoney, Limits, type Market } from '@kilat/contract';
import {
  type BorrowerChatRecords,
  type ComplaintQueueQuery,
  type ComplaintView,
  ConsoleCode,
  can,
  type OperatorView,
  type OrderLedgerView,
  Permission,
  type QueueItem,
  type QueuePage,
  REPLY_TEXT_MAX,
  type TemplateView,
} from '@kilat/contract/console';
import type { Db } from '../../../db/database.js';
import type { ReplyTemplate } from '../../../db/schema.js';
import type { Clock } from '../../../lending/clock.js';
import { chatRecordViews } from '../../chatbot/records.js';
import { type ComplaintsRepository, ComplaintTab, complaintTabOf } from '../../complaints/repository.js';
import type { ComplaintsService } from '../../complaints/service.js';
import { ledgerViewOf } from '../../orders/ledger-view.js';
import type { OrdersService } from '../../orders/service.js';
import type { UploadsService } from '../../uploads/service.js';
import type { AuditLog } from '../shared/audit.js';
import { ConsoleError } from '../shared/console-error.js';
import type { OperatorsRepository } from '../shared/operators-repository.js';
import { type Actor, operatorView } from '../shared/session.js';
import { type DeskRepository, QUEUE_PAGE_SIZE, type QueueRow } from './desk-repository.js';
import { slaDueAt, slaState } from './sla.js';

const DAY_MS = 86_400_000;

export interface ReplyRequest {
  text: string;
  images: Buffer[];
  templateId: number | null;
}

/** The desk's name of the borrower's tab (one rule, complaintTabOf): rated or closed is closed. */
const DESK_STATUS = { [ComplaintTab.Processing]: 'open', [ComplaintTab.Replied]: 'replied', [ComplaintTab.Closed]: 'closed' } as const;
const statusOf = (row: Pick<QueueRow, 'closedAt' | 'repliedAt' | 'score'>): QueueItem['status'] => DESK_STATUS[complaintTabOf(row)];

const assignedElsewhere = () =>
  ConsoleError.conflict('The complaint is assigned to another operator: only they answer it, unless a supervisor reassigns it.');

const maskPhone = (phone: string) => (phone.length > 6 ? `${phone.slice(0, 3)}${'•'.repeat(phone.length - 7)}${phone.slice(-4)}` : phone);

export const templateView = (row: ReplyTemplate): TemplateView => ({
  id: row.id,
  problemType: row.problemType,
  name: row.name,
  bodyEn: row.bodyEn,
  bodyId: row.bodyId,
  retired: row.retiredAt !== null,
});

export class DeskService {
  constructor(
    private readonly db: Db,
    private readonly desk: DeskRepository,
    private readonly complaintsRepository: ComplaintsRepository,
    private readonly complaints: ComplaintsService,
    private readonly orders: OrdersService,
    private readonly operators: OperatorsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly uploads: UploadsService,
  ) {}

  async problemTypes() {
    return (await this.complaintsRepository.problemTypes()).map((row) => ({
      value: row.value,
      parentValue: row.parentValue,
      titleEn: row.titleEn,
      titleId: row.titleId,
    }));
  }

  private async views() {
    const [types, operators] = await Promise.all([this.complaintsRepository.problemTypes(), this.operators.list()]);
    const title = (parent: number, value: number) => types.find((row) => row.parentValue === parent && row.value === value)?.titleEn ?? '';
    const byId = new Map<number, OperatorView>(operators.map((operator) => [operator.id, operatorView(operator)]));
    const now = this.clock.now();
    return (row: QueueRow): QueueItem => {
      const due = slaDueAt(row.createdAt, row.market);
      return {
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        market: row.market,
        problemType: row.problemType,
        typeTitle: title(0, row.problemType),
        sonTypeTitle: row.problemSonType ? title(row.problemType, row.problemSonType) : '',
        detail: row.detail,
        orderId: row.orderId,
        orderNo: row.orderNo,
        borrowerId: row.borrowerId,
        status: statusOf(row),
        collection: row.problemType === COLLECTION_PROBLEM_TYPE,
        assignee: row.assigneeId ? (byId.get(row.assigneeId) ?? null) : null,
        slaDueAt: due.toISOString(),
        sla: slaState(due, now, row.repliedAt),
        score: row.score,
        regulatorDeadline: row.regulatorDeadline,
        escalated: row.escalatedAt !== null,
      };
    };
  }

  async queue(actor: Actor, query: ComplaintQueueQuery): Promise<QueuePage> {
    const page = Number(query.page ?? 1);
    const assignee =
      query.assignee === 'me'
        ? actor.operator.id
        : query.assignee === 'none'
          ? 'none'
          : query.assignee
            ? Number(query.assignee)
            : undefined;
    const { rows, total } = await this.desk.queue(
      {
        status: query.status ?? 'open',
        type: query.type === undefined ? undefined : Number(query.type),
        sonType: query.sonType === undefined ? undefined : Number(query.sonType),
        market: query.market,
        createdBefore: query.minAgeDays ? new Date(this.clock.now().getTime() - Number(query.minAgeDays) * DAY_MS) : undefined,
        assigneeId: assignee,
        includeCollection: can(actor.operator.role, Permission.ComplaintsCollection),
      },
      page,
    );
    const view = await this.views();
    return { items: rows.map(view), total, page, pageSize: QUEUE_PAGE_SIZE };
  }

  /** The complaint if this operator may work on it: collection complaints are the supervisors'. */
  private async visible(actor: Actor, id: number): Promise<QueueRow> {
    const row = await this.desk.one(id);
    if (!row) throw ConsoleError.notFound();
    if (row.problemType === COLLECTION_PROBLEM_TYPE && !can(actor.operator.role, Permission.ComplaintsCollection)) {
      throw new ConsoleError(ConsoleCode.RoleRefused, 'Collection complaints are handled by supervisors.', 403);
    }
    return row;
  }

  async complaint(actor: Actor, id: number): Promise<ComplaintView> {
    const row = await this.visible(actor, id);
    const [view, history, borrower, order, operators] = await Promise.all([
      this.views(),
      this.desk.history(id),
      this.desk.borrower(row.borrowerId),
      this.desk.order(row.orderId),
      this.operators.list(),
    ]);
    const market: Market = row.market;
    const withStatus = await this.orders.withStatus(order!);
    const records = await chatRecordViews(this.db, row.borrowerId, market);
    const authorName = (author: string) => {
      const match = /^operator:(\d+)$/.exec(author);
      const operator = match ? operators.find((entry) => entry.id === Number(match[1])) : undefined;
      return operator ? `${operator.name} (${operator.role})` : author;
    };
    return {
      ...view(row),
      // signed when shown, as the borrower's pages do: an <img> carries no session
      images: history.images.map((name) => this.uploads.signedUrlOf(name)),
      replies: history.replies.map((reply) => ({
        id: reply.id,
        text: reply.text,
        author: authorName(reply.author),
        createdAt: reply.createdAt.toISOString(),
        images: history.replyImages.filter((image) => image.replyId === reply.id).map((image) => this.uploads.signedUrlOf(image.name)),
      })),
      borrower: { id: borrower!.id, name: borrower!.name, phone: maskPhone(borrower!.phone), market },
      order: {
        id: order!.id,
        orderNo: order!.orderNo,
        status: withStatus.status,
        principal: formatMoney(order!.principalMinor, market),
        appliedAt: order!.appliedAt.toISOString(),
        dueDate: order!.dueDate,
      },
      chatRecords: records,
      closedAt: row.closedAt?.toISOString() ?? null,
    };
  }

  /** The ledger of a visible complaint's order, replayed by the one waterfall (issue 12): rows, allocations, balances. */
  async ledger(actor: Actor, id: number): Promise<OrderLedgerView> {
    const row = await this.visible(actor, id);
    return ledgerViewOf(await this.orders.withStatus((await this.desk.order(row.orderId))!));
  }

  async borrowerChatRecords(borrowerId: number): Promise<BorrowerChatRecords> {
    const borrower = await this.desk.borrower(borrowerId);
    if (!borrower) throw ConsoleError.notFound();
    return {
      borrower: { id: borrower.id, name: borrower.name, phone: maskPhone(borrower.phone), market: borrower.market },
      records: await chatRecordViews(this.db, borrower.id, borrower.market),
    };
  }

  /** An agent takes an unassigned complaint (or keeps their own); a supervisor assigns anyone or no one. */
  async assign(actor: Actor, id: number, operatorId: number | null): Promise<void> {
    const row = await this.visible(actor, id);
    const reassigns = can(actor.operator.role, Permission.ComplaintsReassign);
    const takesForSelf = operatorId === actor.operator.id && (row.assigneeId === null || row.assigneeId === actor.operator.id);
    if (!reassigns && !takesForSelf) throw ConsoleError.role();
    if (operatorId !== null) {
      const target = await this.operators.byId(operatorId);
      if (!target || target.disabledAt || !can(target.role, Permission.ComplaintsReply)) throw ConsoleError.invalid('operatorId');
      if (row.problemType === COLLECTION_PROBLEM_TYPE && !can(target.role, Permission.ComplaintsCollection)) {
        throw ConsoleError.invalid('operatorId (collection complaints go to supervisors)');
      }
    }
    await this.db.transaction(async (tx) => {
      await this.desk.setDesk(id, { assigneeId: operatorId }, this.clock.now(), tx);
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: 'complaint.assign',
        targetType: 'complaint',
        targetId: id,
        before: { assigneeId: row.assigneeId },
        after: { assigneeId: operatorId },
        requestId: actor.requestId,
      });
    });
  }

  /** A reply through the complaints service (the path `ops reply-complaint` takes), audited in its transaction. */
  async reply(actor: Actor, id: number, input: ReplyRequest): Promise<{ replyId: number; imageUrls: string[] }> {
    const row = await this.visible(actor, id);
    if (row.closedAt) throw ConsoleError.conflict('The complaint is closed: reopen it to reply.');
    if (row.score !== null) throw ConsoleError.conflict('The borrower rated the answer: the complaint is closed.');
    if (row.assigneeId !== null && row.assigneeId !== actor.operator.id) throw assignedElsewhere();
    const text = input.text.trim();
    if (text.length > REPLY_TEXT_MAX) throw ConsoleError.invalid(`text (at most ${REPLY_TEXT_MAX} characters)`);
    if (input.images.length > Limits.complaintImagesMax) throw ConsoleError.invalid(`image (at most ${Limits.complaintImagesMax})`);
    if (text === '' && input.images.length === 0) throw ConsoleError.invalid('text or image');
    if (input.templateId !== null) {
      const template = await this.desk.template(input.templateId);
      if (!template || template.retiredAt || template.problemType !== row.problemType) throw ConsoleError.invalid('templateId');
    }
    return this.complaints.reply(id, { text, images: input.images, author: `operator:${actor.operator.id}` }, async (tx, written) => {
      // checked again where it counts: another operator may have taken it since it was read
      if ((await this.desk.claim(id, actor.operator.id, this.clock.now(), tx)) !== actor.operator.id) throw assignedElsewhere();
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: 'complaint.reply',
        targetType: 'complaint',
        targetId: id,
        before: { status: statusOf(row), assigneeId: row.assigneeId },
        // the stored names of the images: a signed link would expire in minutes
        after: { replyId: written.replyId, text, images: written.imageNames, templateId: input.templateId, assigneeId: actor.operator.id },
        requestId: actor.requestId,
      });
    });
  }

  async setClosed(actor: Actor, id: number, closed: boolean): Promise<void> {
    const row = await this.visible(actor, id);
    if (!closed && row.score !== null) throw ConsoleError.conflict('The borrower rated the answer: the complaint stays closed.');
    if (row.assigneeId !== null && row.assigneeId !== actor.operator.id && !can(actor.operator.role, Permission.ComplaintsReassign)) {
      throw assignedElsewhere();
    }
    if (closed === (row.closedAt !== null))
      throw ConsoleError.conflict(closed ? 'The complaint is already closed.' : 'The complaint is not closed.');
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await this.desk.setDesk(id, { closedAt: closed ? now : null }, now, tx);
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: closed ? 'complaint.close' : 'complaint.reopen',
        targetType: 'complaint',
        targetId: id,
        before: { status: statusOf(row) },
        after: { status: closed ? 'closed' : statusOf({ closedAt: null, repliedAt: row.repliedAt, score: row.score }) },
        requestId: actor.requestId,
      });
    });
  }

  /**
   * Indonesia's one extension of the 10 working days (POJK 22/2023; issue 49, decision 221): the
   * reason is shown to the borrower on the complaint, the change audited in its transaction.
   */
  async extendDeadline(actor: Actor, id: number, reason: string): Promise<{ deadline: string }> {
    const row = await this.visible(actor, id);
    const complaint = {
      id,
      market: row.market,
      createdAt: row.createdAt,
      repliedAt: row.repliedAt,
      closedAt: row.closedAt,
      score: row.score,
    };
    return this.db.transaction(async (tx) => {
      let deadline: string;
      try {
        deadline = await this.complaints.deadlines.extend(complaint, reason, tx);
      } catch (error) {
        throw ConsoleError.conflict(`The deadline cannot be extended: ${(error as Error).message}.`);
      }
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: 'complaint.extend',
        targetType: 'complaint',
        targetId: id,
        before: null,
        after: { deadline, reason },
        requestId: actor.requestId,
      });
      return { deadline };
    });
  }

  async templates(problemType: number | undefined): Promise<TemplateView[]> {
    return (await this.desk.templates(problemType)).map(templateView);
  }

  async saveTemplate(
    actor: Actor,
    id: number | null,
    input: { problemType: number; name: string; bodyEn: string; bodyId: string; retired: boolean },
  ): Promise<TemplateView> {
    const types = await this.complaintsRepository.problemTypes();
    if (!types.some((row) => row.parentValue === 0 && row.value === input.problemType)) throw ConsoleError.invalid('problemType');
    const now = this.clock.now();
    const before = id === null ? null : await this.desk.template(id);
    if (id !== null && !before) throw ConsoleError.notFound();
    const values = {
      problemType: input.problemType,
      name: input.name,
      bodyEn: input.bodyEn,
      bodyId: input.bodyId,
      retiredAt: input.retired ? (before?.retiredAt ?? now) : null,
    };
    return this.db.transaction(async (tx) => {
      const saved =
        id === null ? await this.desk.insertTemplate({ ...values, createdAt: now }, tx) : await this.desk.updateTemplate(id, values, tx);
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: id === null ? 'template.create' : 'template.update',
        targetType: 'template',
        targetId: saved.id,
        before: before ? templateView(before) : null,
        after: templateView(saved),
        requestId: actor.requestId,
      });
      return templateView(saved);
    });
  }
}
