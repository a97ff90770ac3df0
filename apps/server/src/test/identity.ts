/** The identity submit as the page sends it (issue 29): the typed fields and the images in one multipart body. */
import { randomBytes } from 'node:crypto';
import { API_PREFIX, Endpoints } from '@kilat/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** A photo-like image: noise, so it is not a flat colour. */
export const makePhoto = (seed = 1) =>
  sharp(
    randomBytes(48 * 64 * 3).map((byte) => (byte + seed) % 256),
    { raw: { width: 48, height: 64, channels: 3 } },
  )
    .jpeg()
    .toBuffer();

export interface IdentityParts {
  fields: Record<string, string>;
  selfie?: Buffer | undefined;
  document?: Buffer | undefined;
}

export const identityBody = ({ fields, selfie, document }: IdentityParts) => {
  const boundary = `----kilat${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, data] of [
    ['selfie', selfie],
    ['document', document],
  ] as const) {
    if (!data) continue;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
    );
    chunks.push(data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
};

/** Injects the identity submit as the web client sends it: common params in the query, the session as a bearer token. */
export const submitIdentity = (
  app: FastifyInstance,
  session: { sessionId: string; deviceId: string },
  parts: IdentityParts,
  headers: Record<string, string> = {},
) => {
  const { payload, contentType } = identityBody(parts);
  return app.inject({
    method: 'POST',
    url: `${API_PREFIX}${Endpoints.identitySubmit.path}?${new URLSearchParams({ deviceId: session.deviceId })}`,
    headers: { 'content-type': contentType, authorization: `Bearer ${session.sessionId}`, ...headers },
    payload,
  });
};
