import type { QaNode } from '@kilat/contract/schemas';
import { describe, expect, it } from 'vitest';
import { answersMessage, canSendText, isHandOver } from './chat-messages';

const node = (id: number, action_type = 2): QaNode => ({
  id,
  title_local: `node ${id}`,
  title_local_alias: '',
  action_type,
  question: null,
});

describe('chatbot answers', () => {
  it('shows an answer with a single item as the answer itself, open for feedback', () => {
    expect(answersMessage(1, 'How do I repay?', [node(7, 3)])).toEqual({ id: 1, kind: 'answer', node: node(7, 3), feedback: 'open' });
  });

  it('lists several items as questions to choose from', () => {
    const message = answersMessage(2, 'Repayment', [node(3), node(4)]);
    expect(message).toMatchObject({ kind: 'questions', title: 'Repayment' });
    expect(message.kind === 'questions' && message.items.map((item) => item.id)).toEqual([3, 4]);
  });

  it('keeps a single hand-over item (action_type 4) choosable, since choosing it goes to the complaint form', () => {
    expect(answersMessage(3, 'Other', [node(9, 4)]).kind).toBe('questions');
    expect(isHandOver(node(9, 4))).toBe(true);
    expect(isHandOver(node(9, 3))).toBe(false);
  });

  it('sends chatbot text only when it is not empty', () => {
    expect(canSendText('')).toBe(false);
    expect(canSendText('   ')).toBe(false);
    expect(canSendText('kapan jatuh tempo?')).toBe(true);
  });
});
