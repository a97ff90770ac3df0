/** What choosing a chatbot node does (spec §3 names only 4, the hand-over to human support). */
import { QA_ACTION_HUMAN_SUPPORT } from '@kilat/contract';

export const QaAction = {
  /** a category of the first level (pid 0) */
  Category: 1,
  /** a question; its children hold the answer */
  Question: 2,
  /** an answer: the page offers the resolved / not-resolved feedback */
  Answer: 3,
  /** records a jump and opens the complaint form */
  HumanSupport: QA_ACTION_HUMAN_SUPPORT,
} as const;
