/**
 * Complaints (spec §2–§5): the entry page's types and orders, sending a complaint, the tabbed list,
 * the detail with the agent's reply, the score, and the reply an operator writes.
 */
import {
  COLLECTION_PROBLEM_TYPE,
  formatDate,
  formatDateTime,
  formatMoney,
  Limits,
  Locale,
  type Market,
  type MessageKey,
  ResultCode,
} from '@kilat/contract';
import type { OrderSummary, ProblemInitData, ProblemType } from '@kilat/contract/schemas';
import type { Db } from '../../db/database.js';
import { READ_MOSTLY_TTL_MS, ReadCache } from '../../db/read-cache.js';
import { RevisionMemo } from '../../db/revision-memo.js';
import { AppError } from '../../http/app-error.js';
import { SerializedData } from '../../http/envelope.js';
import { textIn } from '../../http/language.js';
import type { Clock } from '../../lending/clock.js';
import type { SessionBorrower } from '../auth/session-service.js';
import { recordMessage } from '../messages/repository.js';
import type { ListedOrderState, OrdersService, OrderWithStatus } from '../orders/service.js';
import type { UploadsService } from '../uploads/service.js';
import { ComplaintDeadlines } from './deadlines.js';
import { type ComplaintsRepository, ComplaintTab, complaintTabOf, type ProblemTypeRow } from './repository.js';

type Borrower = Pick<SessionBorrower, 'id' | 'market'>;

/** problem-init answers kept in memory at most (decision 115). */
const KEPT_INITS = 10_000;

/** Each tab lists this many complaints per page. */
export const COMPLAINT_PAGE_SIZE = 20;

const TABS: { tab: ComplaintTab; title: MessageKey }[] = [
  { tab: ComplaintTab.Processing, title: 'complaintTabProcessing' },
  { tab: ComplaintTab.Replied, title: 'complaintTabReplied' },
  { tab: ComplaintTab.Closed, title: 'complaintTabClosed' },
];

const refuse = (messageKey: MessageKey, httpStatus = 400) => new AppError(ResultCode.InvalidRequest, messageKey, httpStatus);

const titleIn = (row: ProblemTypeRow, locale: Locale) => (locale === Locale.India ? row.titleEn : row.titleId);

export interface NewComplaint {
  problemType: number;
  problemSonType?: number | undefined;
  problemDetail: string;
  problemImage: string;
  orderNo: string;
}

export interface ReplyInput {
  text: string;
  images: readonly Buffer[];
  author: string;
}

export class ComplaintsService {
  /** the complaint types, the same for everyone and rarely edited: kept briefly (decision 100) */
  private readonly types = new ReadCache(READ_MOSTLY_TTL_MS, () => this.repository.problemTypes());
  /** problem-init's answers per borrower, language and selection, while the orders' stamps hold (decision 115) */
  private readonly keptInits = new RevisionMemo<{ data: SerializedData<ProblemInitData>; types: readonly ProblemTypeRow[] }>(KEPT_INITS);

  constructor(
    private readonly db: Db,
    private readonly repository: ComplaintsRepository,
    private readonly orders: OrdersService,
    private readonly uploads: UploadsService,
    private readonly clock: Clock,
    readonly deadlines: ComplaintDeadlines = new ComplaintDeadlines(db, clock),
  ) {}

  /**
   * problem-init: the types, the list tabs, the borrower's orders and the selected one (by id, by
   * number, else the latest). The orders' stamps come first (one prepared statement on the
   * borrower's index); the answer computed for those stamps, the business date, the language and
   * the selection is sent again as it was while none of them changed (decision 115), else every
   * order is read with its ledger in one statement and replayed.
   */
  async init(
    borrower: Borrower,
    locale: Locale,
    select: { orderId?: string | undefined; orderNo?: string | undefined },
  ): Promise<SerializedData<ProblemInitData>> {
    const [types, stamps] = await Promise.all([this.types.get('all'), this.orders.repository.stampsOfBorrower(borrower.id)]);
    // an order asked for that is not among the borrower's: says whether it is missing or another borrower's
    if (select.orderId && !stamps.some((stamp) => String(stamp.id) === select.orderId)) {
      await this.orders.requireOwned(borrower.id, select.orderId);
    } else if (!select.orderId && select.orderNo && !stamps.some((stamp) => stamp.orderNo === select.orderNo)) {
      await this.orders.requireOwnedOrderNo(borrower.id, select.orderNo);
    }
    const key = `${borrower.id}:${locale}:${select.orderId ?? ''}:${select.orderId ? '' : (select.orderNo ?? '')}`;
    const kept = await this.orders.keptViewOfBorrower(
      this.keptInits,
      key,
      borrower,
      stamps,
      (list) => ({ data: SerializedData.of(this.initView(types, list, locale, select)), types }),
      (view) => view.types === types,
    );
    return kept.data;
  }

  private initView(
    types: readonly ProblemTypeRow[],
    list: readonly ListedOrderState[],
    locale: Locale,
    select: { orderId?: string | undefined; orderNo?: string | undefined },
  ): ProblemInitData {
    const t = (key: MessageKey) => textIn(locale, key);
    let selected: ListedOrderState | undefined = list[0];
    if (select.orderId) selected = list.find((entry) => String(entry.order.id) === select.orderId);
    else if (select.orderNo) selected = list.find((entry) => entry.order.orderNo === select.orderNo);
    const summary = (entry: ListedOrderState): OrderSummary => this.summary(entry, entry.product ?? undefined, t);
    const asType = (row: ProblemTypeRow): ProblemType => ({ value: row.value, title: titleIn(row, locale) });
    return {
      problemType: types.filter((row) => row.parentValue === 0).map(asType),
      problemSonType: types.filter((row) => row.parentValue === COLLECTION_PROBLEM_TYPE).map(asType),
      problemStatus: TABS.map(({ tab, title }) => ({ value: tab, title: t(title) })),
      orderDetail: selected ? summary(selected) : null,
      orderList: list.map(summary),
    };
  }

  /** problem-save: every rule checked first, then the complaint and its images in one transaction. */
  async save(borrower: Borrower, input: NewComplaint): Promise<number> {
    const order = await this.orders.requireOwnedOrderNo(borrower.id, input.orderNo);
    const types = await this.types.get('all');
    if (!types.some((row) => row.parentValue === 0 && row.value === input.problemType)) throw AppError.invalid('problemType');
    const subTypes = types.filter((row) => row.parentValue === input.problemType);
    const sonType = input.problemSonType ?? 0;
    if (subTypes.length > 0 ? !subTypes.some((row) => row.value === sonType) : sonType !== 0) throw AppError.invalid('problemSonType');
    // spec §2 and §6: the page refuses it too, but the rule is the server's
    if (input.problemType === COLLECTION_PROBLEM_TYPE && order.isShow !== 1) throw refuse('collectionNotSupported');

    const urls = input.problemImage
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean);
    if (urls.length > Limits.complaintImagesMax) throw AppError.invalid('problemImage');
    const images = await this.uploads.ownedByBorrower(urls, borrower.id);
    if (!images) throw refuse('complaintImageUnknown');

    return this.repository.insert(
      {
        borrowerId: borrower.id,
        orderId: order.id,
        problemType: input.problemType,
        problemSonType: sonType,
        detail: input.problemDetail,
        createdAt: this.clock.now(),
      },
      images.map((image) => image.id),
      this.db,
    );
  }

  /** problem-list: the three tabs, each with one page of its complaints. */
  async list(borrower: Borrower, locale: Locale, page = 1) {
    const t = (key: MessageKey) => textIn(locale, key);
    const [types, { listed, totalByTab }] = await Promise.all([
      this.types.get('all'),
      this.repository.listPage(borrower.id, (page - 1) * COMPLAINT_PAGE_SIZE, COMPLAINT_PAGE_SIZE),
    ]);
    const typeTitle = new Map(types.filter((row) => row.parentValue === 0).map((row) => [row.value, titleIn(row, locale)]));
    return {
      tabs: TABS.map(({ tab, title }) => ({
        title: t(title),
        status: tab,
        list: listed
          .filter((item) => item.tab === tab)
          .map((item) => ({
            id: item.id,
            time: formatDateTime(item.createdAt, borrower.market),
            type: typeTitle.get(item.problemType) ?? '',
            content: item.detail,
          })),
        total: totalByTab.get(tab) ?? 0,
      })),
      pageCount: Limits.complaintListPageCount,
    };
  }

  /** problem-detail: only the owner; isScore is 1 while a replied complaint has no score. */
  async detail(borrower: Borrower, locale: Locale, problemId: number) {
    const complaint = await this.requireOwnedComplaint(borrower.id, problemId);
    const [types, record] = await Promise.all([this.types.get('all'), this.repository.record(complaint)]);
    const deadline = await this.deadlines.of({
      id: complaint.id,
      market: borrower.market,
      createdAt: complaint.createdAt,
      repliedAt: complaint.repliedAt,
      closedAt: record.closedAt,
      score: record.score,
    });
    const title = (parentValue: number, value: number) => {
      const row = types.find((type) => type.parentValue === parentValue && type.value === value);
      return row ? titleIn(row, locale) : '';
    };
    return {
      type: title(0, complaint.problemType),
      sonType: complaint.problemSonType ? title(complaint.problemType, complaint.problemSonType) : '',
      problemId: complaint.id,
      content: complaint.detail,
      images: record.imageNames.map((name) => this.uploads.signedUrlOf(name)),
      disposeDetail: record.replies
        .map((reply) => reply.text)
        .filter(Boolean)
        .join('\n\n'),
      disposeImages: record.replies.flatMap((reply) => reply.imageNames.map((name) => this.uploads.signedUrlOf(name))),
      isScore: record.replies.length > 0 && record.score === null ? 1 : 0,
      // where the complaint stands, named as its tab, and when it was answered
      status: textIn(
        locale,
        (
          TABS.find(
            ({ tab }) => tab === complaintTabOf({ repliedAt: complaint.repliedAt, score: record.score, closedAt: record.closedAt }),
          ) ?? TABS[0]!
        ).title,
      ),
      repliedAt: complaint.repliedAt ? formatDateTime(complaint.repliedAt, borrower.market) : '',
      grievance: {
        deadline: deadline.deadline,
        daysLeft: deadline.daysLeft,
        mayEscalate: deadline.mayEscalate,
        extensionReason: deadline.extensionReason ?? '',
      },
    };
  }

  /** save-score: once, by the owner, after a reply. */
  async score(borrower: Borrower, problemId: number, score: number): Promise<void> {
    const complaint = await this.requireOwnedComplaint(borrower.id, problemId);
    if (!complaint.repliedAt) throw refuse('complaintNotRepliedYet');
    const stored = await this.repository.insertScore(complaint.id, score, this.clock.now());
    if (!stored) throw refuse('complaintAlreadyRated', 409);
  }

  /**
   * An agent's reply (text and images), from the ops command and the operator console. The images
   * go through the upload pipeline first; `alsoInTransaction` (the console's audit row) commits with the reply.
   */
  async reply(
    problemId: number,
    input: ReplyInput,
    alsoInTransaction?: (tx: Db, written: { replyId: number; imageUrls: string[]; imageNames: string[] }) => Promise<void>,
  ): Promise<{ replyId: number; imageUrls: string[] }> {
    const text = input.text.trim();
    if (text === '' && input.images.length === 0) throw AppError.invalid('text');
    if (input.images.length > Limits.complaintImagesMax) throw AppError.invalid('image');
    const complaint = await this.repository.findById(problemId);
    if (!complaint) throw AppError.notFound();
    const stored: Awaited<ReturnType<UploadsService['store']>>[] = [];
    for (const image of input.images) stored.push(await this.uploads.store(image, null));
    const imageUrls = stored.map((entry) => entry.url);
    const orderNo = (await this.orders.repository.findById(complaint.orderId))?.orderNo ?? '';
    const replyId = await this.db.transaction(async (tx) => {
      const id = await this.repository.insertReply(
        complaint.id,
        { text, author: input.author, createdAt: this.clock.now() },
        stored.map((entry) => entry.upload.id),
        tx,
      );
      // the message centre (decision 108): the borrower is told of each reply, in the reply's transaction
      await recordMessage(tx, {
        borrowerId: complaint.borrowerId,
        orderId: complaint.orderId,
        complaintId: complaint.id,
        kind: 'complaintReplied',
        params: { orderNo },
        idempotencyKey: `complaintReplied:${complaint.id}:${id}`,
        shownAt: this.clock.now(),
      });
      // the stored names, not the links: a link expires in minutes, a record is read for years
      await alsoInTransaction?.(tx, { replyId: id, imageUrls, imageNames: stored.map((entry) => entry.upload.name) });
      return id;
    });
    return { replyId, imageUrls };
  }

  private async requireOwnedComplaint(borrowerId: number, problemId: number) {
    const complaint = await this.repository.findById(problemId);
    if (!complaint) throw AppError.notFound();
    if (complaint.borrowerId !== borrowerId) throw new AppError(ResultCode.Forbidden, 'complaintNotYours', 403);
    return complaint;
  }

  private summary(
    { order, status }: OrderWithStatus,
    product: { name: string; logoUrl: string } | undefined,
    t: (key: MessageKey) => string,
  ): OrderSummary {
    const market: Market = order.market;
    const rows = [
      { title: t('complaintOrderNo'), value: order.orderNo },
      { title: t('loanAmount'), value: formatMoney(order.principalMinor, market) },
      { title: t('complaintAppliedOn'), value: formatDate(order.appliedAt, market) },
    ];
    if (order.dueDate) rows.push({ title: t('repaymentDate'), value: order.dueDate });
    return {
      orderNo: order.orderNo,
      productLogo: product?.logoUrl ?? '',
      productName: product?.name ?? '',
      status,
      list: rows,
      isShow: order.isShow,
    };
  }
}
