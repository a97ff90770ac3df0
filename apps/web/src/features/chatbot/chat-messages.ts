import { QA_ACTION_HUMAN_SUPPORT } from '@kilat/contract';
import type { QaNode } from '@kilat/contract/schemas';

export type Feedback = 'open' | 'resolved' | 'notResolved';

/** One line of the chatbot conversation. */
export type ChatMessage =
  | { id: number; kind: 'user'; text: string }
  | { id: number; kind: 'questions'; title: string; items: QaNode[] }
  | { id: number; kind: 'answer'; node: QaNode; feedback: Feedback }
  | { id: number; kind: 'reply'; text: string; reportText: string };

/** action_type 4 hands the borrower over to human support: a jump to the complaint form (spec §3, §4). */
export const isHandOver = (node: Pick<QaNode, 'action_type'>): boolean => node.action_type === QA_ACTION_HUMAN_SUPPORT;

/**
 * How the bot shows a node's answers: a single answer is the answer itself, with the resolved and
 * not-resolved buttons (spec §2); several (or a hand-over) are questions to choose from.
 */
export const answersMessage = (id: number, title: string, items: readonly QaNode[]): ChatMessage => {
  const [only] = items;
  if (items.length === 1 && only && !isHandOver(only)) return { id, kind: 'answer', node: only, feedback: 'open' };
  return { id, kind: 'questions', title, items: [...items] };
};

/** Chatbot text must be non-empty to send (spec §5). */
export const canSendText = (text: string): boolean => text.trim() !== '';
