/**
 * The chatbot (spec §2, §4): the question tree by parent id, and QA records — hand-over (1), resolved
 * feedback (2), star rating (3) and free-text questions (4), which are matched against the tree in the
 * borrower's language with PostgreSQL full-text search.
 */
import { type Locale, type MessageKey, QaRecordType } from '@kilat/contract';
import type { QaNode } from '@kilat/contract/schemas';
import { AppError } from '../../http/app-error.js';
import { textIn } from '../../http/language.js';
import type { Clock } from '../../lending/clock.js';
import type { SessionBorrower } from '../auth/session-service.js';
import type { OrdersService } from '../orders/service.js';
import { QaAction } from './qa-actions.js';
import type { ChatbotRepository, QaNodeText } from './repository.js';

type Borrower = Pick<SessionBorrower, 'id' | 'market'>;

/** How many questions a free-text question is answered with, at most. */
export const SUGGESTIONS_MAX = 3;
const WORDS_MAX = 16;

// 'simple' keeps every word, so the commonest Indonesian function words are dropped before matching
const INDONESIAN_STOPWORDS = new Set(
  'saya aku anda kamu yang dan di ke dari ini itu untuk dengan pada adalah apa apakah bagaimana kenapa mengapa kapan berapa mau ingin bisa sudah belum akan ada atau juga tolong mohon gimana gak nggak tidak kok sih ya'.split(
    ' ',
  ),
);

/** The words of a question worth matching: letters and digits, lower case, without Indonesian function words. */
export const searchWords = (text: string, locale: Locale): string[] => {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2 && word !== 'or' && !(locale === 'id-ID' && INDONESIAN_STOPWORDS.has(word)));
  return [...new Set(words)].slice(0, WORDS_MAX);
};

export interface QaRecordInput {
  orderNo?: string | undefined;
  type: number;
  value: string;
  qaId?: number | undefined;
}

export interface QaRecordAnswer {
  text: string;
  reportText?: string;
  answerList?: QaNode[];
}

const toNode = (node: QaNodeText, parent: QaNodeText | null): QaNode => ({
  id: node.id,
  title_local: node.title,
  title_local_alias: node.alias,
  action_type: node.actionType,
  question: parent ? { id: parent.id, title_local: parent.title } : null,
});

export class ChatbotService {
  constructor(
    private readonly repository: ChatbotRepository,
    private readonly orders: OrdersService,
    private readonly clock: Clock,
  ) {}

  /** get-qa-list: pid 0 lists the categories; any other pid is that node (the question) and its children. */
  async list(borrower: Borrower, locale: Locale, pid: number, orderNo?: string) {
    if (orderNo) await this.orders.requireOwnedOrderNo(borrower.id, orderNo);
    if (pid === 0) {
      const categories = await this.repository.children(null, locale);
      return { question: null, answerList: categories.map((node) => toNode(node, null)) };
    }
    const [parent, children] = await Promise.all([this.repository.node(pid, locale), this.repository.children(pid, locale)]);
    if (!parent) throw AppError.notFound();
    return { question: { id: parent.id, title_local: parent.title }, answerList: children.map((node) => toNode(node, parent)) };
  }

  /** qa-record: stores the interaction and answers with the server's text in the borrower's language. */
  async record(borrower: Borrower, locale: Locale, input: QaRecordInput): Promise<QaRecordAnswer> {
    const t = (key: MessageKey) => textIn(locale, key);
    const order = input.orderNo ? await this.orders.requireOwnedOrderNo(borrower.id, input.orderNo) : null;
    const qaId = input.qaId ? input.qaId : null;
    if (qaId !== null && !(await this.repository.node(qaId, locale))) throw AppError.invalid('qaId');
    const value = input.value.trim();

    let answer: QaRecordAnswer;
    let matchedIds: number[] = [];
    switch (input.type) {
      case QaRecordType.JumpToSupport:
        answer = { text: t('qaHandOver') };
        break;
      case QaRecordType.ResolvedFeedback:
        if (value !== '1' && value !== '2') throw AppError.invalid('value');
        answer = { text: t(value === '1' ? 'qaResolvedThanks' : 'qaNotResolved') };
        break;
      case QaRecordType.StarRating:
        if (!/^[1-5]$/.test(value)) throw AppError.invalid('value');
        answer = { text: t('qaRatingThanks') };
        break;
      default: {
        const found = await this.repository.search(locale, searchWords(value, locale), [QaAction.Question], SUGGESTIONS_MAX);
        matchedIds = found.map((row) => row.id);
        if (matchedIds.length === 0) {
          answer = { text: t('qaNoMatch'), reportText: t('qaReport') };
          break;
        }
        const nodes = new Map((await this.repository.nodes(matchedIds, locale)).map((node) => [node.id, node]));
        answer = {
          text: t('qaSuggestions'),
          answerList: matchedIds.flatMap((id) => {
            const node = nodes.get(id);
            return node ? [toNode(node, null)] : [];
          }),
        };
      }
    }
    await this.repository.insertRecord({
      borrowerId: borrower.id,
      orderId: order?.id ?? null,
      type: input.type,
      value,
      qaId,
      matchedIds,
      createdAt: this.clock.now(),
    });
    return answer;
  }
}
