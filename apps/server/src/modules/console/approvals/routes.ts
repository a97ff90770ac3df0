/**
 * The approvals room under /console/api (issue 47, decision 239): one inbox of every maker-checker
 * request still waiting, those the signed-in operator may decide first. Read only: each request is
 * approved or rejected by its source's own call (the order actions, the settlements, the review queue).
 */
import type { ConsoleRoom } from '../shared/api.js';
import type { ApprovalsInbox } from './approvals-inbox.js';

export const approvalsRoom =
  ({ inbox }: { inbox: ApprovalsInbox }): ConsoleRoom =>
  (scope, { guard, actor, doc, ok }) => {
    scope.get(
      '/approvals',
      {
        schema: doc('Every maker-checker request still waiting, with its order and evidence; those the operator may decide first'),
        onRequest: guard('approvals.read'),
      },
      async (request) => ok(await inbox.list(actor(request))),
    );
  };
