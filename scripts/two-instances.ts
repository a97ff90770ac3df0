/**
 * CI step of issue 16: Kilat as an operator runs it behind a load balancer. Three server
 * processes start at once on one empty PostgreSQL database, one Redis and one S3-compatible store
 * (s3rver); one is stopped with SIGTERM, and the other two are driven through a tiny local proxy
 * that sets X-Forwarded-For, round-robin. It checks what two instances must agree on:
 *   - three instances started at once on an empty database all come up (migrations and seeds under one lock);
 *   - a per-IP limit holds across both instances, and two client addresses get separate buckets;
 *   - an image uploaded through one is served by the other only with the owner's session or a fresh signed link;
 *   - six simultaneous login-code requests send one SMS;
 *   - a session logged out on one is refused on the other at once, through Redis (issue 32), not after its cache lapses.
 *
 * Usage: DATABASE_URL=postgres://…/<empty db> node --import tsx scripts/two-instances.ts
 * Needs `redis-server` on the PATH (or REDIS_SERVER). Ends within TIME_LIMIT_MS whatever happens.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX, Endpoints } from '@kilat/contract';
import sharp from 'sharp';
import {
  check,
  exitOf,
  type Instance,
  isReady,
  runChecks,
  s3Env,
  startInstance,
  startProxy,
  startRedis,
  startS3,
  waitFor,
} from './local-cluster.js';

const TIME_LIMIT_MS = 240_000;
const RATE_LIMIT_MAX = 20;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL (an empty PostgreSQL database) is required');
  process.exit(2);
}

const api = (name: keyof typeof Endpoints) => `${API_PREFIX}${Endpoints[name].path}`;

const run = async () => {
  const redis = await startRedis();
  const store = await startS3();
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
    ...s3Env(store.url),
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent/kilat-web-dist',
    DATA_DIR: await mkdtemp(join(tmpdir(), 'kilat-ci-data-')),
  };

  // 1. three instances at once on the empty database
  const instances = await Promise.all(['a', 'b', 'c'].map((name) => startInstance(name, env)));
  const ready = await Promise.all(
    instances.map((instance) => waitFor(`instance ${instance.name} ready`, () => isReady(instance), 120_000).catch(() => false)),
  );
  check(
    'three instances started at once on an empty database all come up',
    ready.every(Boolean),
    instances.map((i) => i.output.join('').slice(-400)).join(' | '),
  );
  if (!ready.every(Boolean)) return;

  // the third one is stopped the way an orchestrator does: SIGTERM, readiness first, then a clean exit
  const third = instances[2]!;
  third.child.kill('SIGTERM');
  check('an instance stopped with SIGTERM exits cleanly', (await exitOf(third.child)) === 0);

  const [a, b] = instances as [Instance, Instance];
  const proxy = await startProxy([a, b]);
  const through = (path: string, client: string, init: RequestInit = {}) =>
    fetch(`${proxy}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-test-client': client } });

  // 2. one per-IP limit across both instances; another client has its own bucket
  const statuses: number[] = [];
  const backends = new Set<string>();
  for (let i = 0; i < RATE_LIMIT_MAX + 5; i += 1) {
    const response = await through(`${api('captchaSession')}?market=IN`, '203.0.113.10');
    statuses.push(response.status);
    backends.add(response.headers.get('x-backend') ?? '');
  }
  const allowed = statuses.filter((status) => status === 200).length;
  check(
    `a per-IP limit of ${RATE_LIMIT_MAX} a minute holds across both instances`,
    allowed === RATE_LIMIT_MAX && statuses.slice(RATE_LIMIT_MAX).every((status) => status === 429) && backends.size === 2,
    `allowed ${allowed}, backends ${[...backends].join(',')}`,
  );
  const other = await through(`${api('captchaSession')}?market=IN`, '198.51.100.20');
  check('another client address gets its own bucket', other.status === 200, `status ${other.status}`);

  // 3. an image uploaded through one instance, served by the other only to its owner or with a fresh signed link
  const session = await (await fetch(`${a.base}/dev/session?market=IN&fresh=1`)).json();
  const stranger = await (await fetch(`${a.base}/dev/session?market=IN&fresh=1`)).json();
  const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#0b6b3a' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('problemImage', new Blob([jpeg], { type: 'image/jpeg' }), 'evidence.jpg');
  const uploaded = await fetch(`${a.base}${api('uploadProblemImage')}?deviceId=${session.deviceId}&market=IN`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${session.sessionId}` },
  });
  const url: string = (await uploaded.json()).data?.url ?? '';
  const path = url.split('?')[0] ?? '';
  const on = (instance: Instance, target: string, who?: { sessionId: string; deviceId: string }) =>
    fetch(`${instance.base}${target}${who ? `?deviceId=${who.deviceId}` : ''}`, {
      headers: who ? { authorization: `Bearer ${who.sessionId}` } : {},
    });
  const signed = await on(b, url);
  const bare = await on(b, path);
  const owners = await on(b, path, session);
  const strangers = await on(b, path, stranger);
  check(
    'an image uploaded through one instance is served by the other with a fresh signed link or the owner’s session only',
    uploaded.ok && signed.status === 200 && owners.status === 200 && bare.status === 404 && strangers.status === 404,
    `upload ${uploaded.status}, signed ${signed.status}, owner ${owners.status}, bare ${bare.status}, stranger ${strangers.status}`,
  );

  // 4. six simultaneous login-code requests for one phone, spread over both instances: one SMS
  const phone: string = session.phone;
  const inbox = async () => ((await (await fetch(`${a.base}/dev/sms?phone=${phone}`)).json()).data as { purpose: string }[]) ?? [];
  const before = (await inbox()).filter((sms) => sms.purpose === 'login').length;
  const answers = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      through(`${api('loginCode')}?market=IN`, `192.0.2.${i + 1}`, {
        method: 'POST',
        body: new URLSearchParams({ phone }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }).then(async (response) => ({ status: response.status, code: (await response.json()).code as string })),
    ),
  );
  const sent = (await inbox()).filter((sms) => sms.purpose === 'login').length - before;
  check(
    'six simultaneous login-code requests on two instances send one SMS',
    sent === 1 && answers.filter((answer) => answer.code === '00').length === 1,
    `sent ${sent}, answers ${answers.map((answer) => answer.code).join(',')}`,
  );

  // 5. a logout on one instance is refused on the other at once, not when its 30-second session cache lapses (issue 32)
  const leaving = await (await fetch(`${a.base}/dev/session?market=IN&fresh=1`)).json();
  const asLeaving = (instance: Instance, name: 'messagesUnread' | 'logout') =>
    fetch(`${instance.base}${api(name)}?deviceId=${leaving.deviceId}&market=IN`, {
      method: 'POST',
      body: '',
      headers: { authorization: `Bearer ${leaving.sessionId}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
  // instance b checks the session, so its cache holds it
  const cachedOnB = (await asLeaving(b, 'messagesUnread')).status;
  const loggedOut = (await asLeaving(a, 'logout')).status;
  // the message crosses Redis between two processes: a few seconds at most, well inside the cache's 30
  const refusedOnB = await waitFor(
    'b refusing the logged-out session',
    async () => (await asLeaving(b, 'messagesUnread')).status === 401,
    5_000,
  ).catch(() => false);
  check(
    'a session logged out on one instance is refused on the other within seconds, not after its 30-second cache',
    cachedOnB === 200 && loggedOut === 200 && refusedOnB,
    `cached on b ${cachedOnB}, logout on a ${loggedOut}, refused on b ${refusedOnB}`,
  );

  await rm(env.DATA_DIR, { recursive: true, force: true });
};

runChecks('two-instances', TIME_LIMIT_MS, run);
