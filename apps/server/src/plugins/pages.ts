/** The last ring: the web app's and the console's pages, and the one not-found answer for everything else. */
import { API_PREFIX } from '@kilat/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error.js';
import { sendAppError } from '../http/error-handler.js';
import { pathOf } from '../http/log-options.js';
import { isConsolePage, registerStaticConsole } from './static-console.js';
import { isServerPath, registerStaticWeb } from './static-web.js';

const pages = async (app: FastifyInstance) => {
  const spaFallback = await registerStaticWeb(app, app.config.webDist, app.config.company, app.config.webSsrDist);
  const consoleFallback = await registerStaticConsole(app, app.config.console.dist);

  // replies are sent, not returned: a returned reply is a thenable Fastify would wait on again
  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && isConsolePage(request.url)) {
      consoleFallback(request, reply);
      return;
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && !isServerPath(request.url)) {
      spaFallback(request, reply);
      return;
    }
    if (request.url.startsWith(API_PREFIX)) request.log.info({ url: pathOf(request.url) }, 'unknown API path');
    sendAppError(request, reply, AppError.notFound());
  });
};

export default fp(pages, { name: 'pages', dependencies: ['core'] });
