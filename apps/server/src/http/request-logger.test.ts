import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLoggerFactory } from './request-logger.js';

const capture = (level: string) => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
};

describe('a request’s logger', () => {
  it('writes only what its level lets through, each line with the request’s bindings', () => {
    const { logger, lines } = capture('warn');
    const log = requestLoggerFactory(logger, { reqId: 'r-1' }, {});
    log.info('not at warn');
    log.debug({ detail: 1 }, 'nor this');
    log.warn({ reason: 'slow' }, 'kept');
    log.error('also kept');
    expect(lines.map((line) => [line.msg, line.reqId, line.reason])).toEqual([
      ['kept', 'r-1', 'slow'],
      ['also kept', 'r-1', undefined],
    ]);
    expect(log.level).toBe('warn');
  });

  it('follows a route’s own level, and a level set on it later', () => {
    const { logger, lines } = capture('info');
    const quiet = requestLoggerFactory(logger, { reqId: 'r-2' }, { level: 'error' });
    quiet.warn('below the route’s level');
    expect(quiet.level).toBe('error');
    quiet.level = 'debug';
    quiet.debug('now written');
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([['now written', 'r-2']]);
  });

  it('gives children that carry the request’s bindings and their own', () => {
    const { logger, lines } = capture('info');
    requestLoggerFactory(logger, { reqId: 'r-3' }, {}).child({ job: 'drain' }).info('from a child');
    expect(lines).toMatchObject([{ msg: 'from a child', reqId: 'r-3', job: 'drain' }]);
  });
});
