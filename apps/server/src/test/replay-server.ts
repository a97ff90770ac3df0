/**
 * A local HTTP server standing in for a payment gateway's API in tests (issue 16): it records
 * every request (method, path, Authorization, JSON body) and answers with the exchange the test
 * replays from the gateway's documentation. Real HTTP, so the adapter's fetch, auth and parsing run.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  authorization: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

export interface ReplayedAnswer {
  status: number;
  body: unknown;
}

export type Replay = (request: ReceivedRequest) => ReplayedAnswer;

export interface ReplayServer {
  baseUrl: string;
  received: ReceivedRequest[];
  /** what the server answers from now on */
  answer(replay: Replay): void;
  close(): Promise<void>;
}

export const startReplayServer = async (initial: Replay): Promise<ReplayServer> => {
  let replay = initial;
  const received: ReceivedRequest[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      let body: Record<string, unknown> | null = null;
      try {
        body = raw === '' ? null : (JSON.parse(raw) as Record<string, unknown>);
      } catch {
        body = null;
      }
      const entry: ReceivedRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization ?? '',
        headers: request.headers,
        body,
      };
      received.push(entry);
      const answer = replay(entry);
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer: (next) => {
      replay = next;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
};

export const basicAuth = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
