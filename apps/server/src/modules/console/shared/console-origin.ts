/**
 * The console on its own origin (issue 32, decision 130). With CONSOLE_ORIGIN set (e.g.
 * https://console.kilat.example), the console's pages and API answer only on that origin's host
 * and the borrower app's routes only elsewhere, so no script of the borrower's origin can reach
 * the console's cookie, its CSRF token or its answers. The session cookie is host-only (no
 * Domain), so it is bound to the console's host; a change (anything but GET and HEAD) must also
 * come from a page of that origin (`Origin`), besides carrying the session's CSRF token. Without
 * CONSOLE_ORIGIN, the console stays under /console on the app's one origin (one machine).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../http/app-error.js';
import { pathOf } from '../../../http/log-options.js';
import { OPERABILITY_PATHS } from '../../../plugins/operability.js';

const CONSOLE_PATH = /^\/console(\/|$)/;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const registerConsoleOrigin = (app: FastifyInstance, origin: string | undefined) => {
  if (!origin) return;
  const consoleHost = new URL(origin).host;
  app.addHook('onRequest', async (request) => {
    const path = pathOf(request.url);
    // the probes answer on every host: a balancer checks each name it serves
    if (OPERABILITY_PATHS.includes(path)) return;
    const forConsole = CONSOLE_PATH.test(path);
    // AppError: this hook also runs before unmatched paths, outside the console's own error handler (which converts it)
    if (forConsole !== (request.host === consoleHost)) throw AppError.notFound();
    if (forConsole && !READS.has(request.method) && request.headers.origin !== origin) throw AppError.forbidden();
  });
};
