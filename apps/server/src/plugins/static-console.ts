/** Serves the built console under /console/: hashed assets cached for good, index.html for every other console page. */
import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const CONSOLE_PREFIX = '/console';

/** A console page address (not its API): the fallback answers it with the console's index.html. */
export const isConsolePage = (url: string) => {
  const path = url.split('?')[0] ?? '';
  return (path === CONSOLE_PREFIX || path.startsWith(`${CONSOLE_PREFIX}/`)) && !path.startsWith(`${CONSOLE_PREFIX}/api/`);
};

export const registerStaticConsole = async (app: FastifyInstance, consoleDist: string) => {
  const index = join(consoleDist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ consoleDist }, 'console not built: /console answers 503 until `npm run build` is run');
    return (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('The Kilat console is not built yet. Run `npm run build`.');
  }
  await app.register(fastifyStatic, {
    root: consoleDist,
    prefix: `${CONSOLE_PREFIX}/`,
    // the web app's registration owns reply.sendFile
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply, path) => {
      const immutable = path.includes(`${join(consoleDist, 'assets')}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (request: FastifyRequest, reply: FastifyReply) => {
    if ((request.url.split('?')[0] ?? '') === CONSOLE_PREFIX) return reply.redirect(`${CONSOLE_PREFIX}/`);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(createReadStream(index));
  };
};
