/** The control matrix under /console/api (issue 47, decision 232): risk and admin read it, admin changes it, audited. */
import { MoneyControlRequestSchema, type Permission } from '@kilat/contract/console';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { MoneyControls } from './service.js';

/** What the console's routes lend a module's routes: its guard, who is asking, the OpenAPI summary and the envelope. */
export interface ConsoleRouteHelpers {
  guard: (permission: Permission) => (request: FastifyRequest) => Promise<void>;
  actor: (request: FastifyRequest) => { operator: { id: number }; requestId: string };
  doc: (summary: string) => Record<string, unknown>;
  ok: (data: unknown) => unknown;
}

export const registerMoneyControlRoutes = (
  scope: FastifyInstance,
  controls: MoneyControls,
  { guard, actor, doc, ok }: ConsoleRouteHelpers,
) => {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/money-controls',
    {
      schema: doc('The control matrix: per market and action, what may move in a day without a second person, per order and per operator'),
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
