/**
 * The control matrix room under /console/api (issue 47, decision 232): per market and action, what
 * may move in a day without a second person. Risk and admin read it, admin changes it with a
 * reason; the service audits each change with its before and after.
 */
import { MoneyControlRequestSchema } from '@kilat/contract/console';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { MoneyControls } from '../../money-controls/service.js';
import type { ConsoleRoom } from '../shared/api.js';

export const controlsRoom =
  ({ controls }: { controls: MoneyControls }): ConsoleRoom =>
  (scope, { guard, actor, doc, ok }) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/money-controls',
      {
        schema: doc(
          'The control matrix: per market and action, what may move in a day without a second person, per order and per operator',
        ),
        onRequest: guard('controls.read'),
      },
      async () => ok(await controls.matrix()),
    );
    routes.put(
      '/money-controls',
      {
        schema: { ...doc("Change one market and action's limits, with a reason; audited"), body: MoneyControlRequestSchema },
        onRequest: guard('controls.write'),
      },
      async (request) => {
        const who = actor(request);
        return ok(await controls.change({ operatorId: who.operator.id, requestId: who.requestId }, request.body));
      },
    );
  };
