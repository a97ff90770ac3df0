/** Images and multipart bodies for the API tests of uploads and complaints. */
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { API_PREFIX, Endpoints } from '@kilat/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

export const makeJpeg = (options: { gps?: boolean } = {}) => {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg();
  // Jakarta's Monas, as a phone would write it
  return (
    options.gps ? image.withExif({ IFD0: { Make: 'KilatPhone' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 10/1 30/1' } }) : image
  ).toBuffer();
};

export const makePng = () =>
  sharp({ create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
    .png()
    .toBuffer();

export const makeWebp = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: '#2a2' } })
    .webp()
    .toBuffer();

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A tiny PNG whose header declares width × height pixels: a decompression bomb if anyone decoded it. */
export const makePixelFloodPng = (width: number, height: number) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** The first bytes of a Linux executable, the rest random. */
export const makeExecutable = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), randomBytes(4096)]);

export interface FilePart {
  field?: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

export const multipartBody = (part: FilePart) => {
  const boundary = `----kilat${randomBytes(8).toString('hex')}`;
  const head = [
    `--${boundary}`,
    `Content-Disposition: form-data; name="${part.field ?? 'problemImage'}"; filename="${part.filename ?? 'photo.jpg'}"`,
    `Content-Type: ${part.contentType ?? 'image/jpeg'}`,
    '',
    '',
  ].join('\r\n');
  return {
    payload: Buffer.concat([Buffer.from(head), part.data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};

/** Injects upload-problem-img as the web client sends it: common params in the query, the session as a bearer token. */
export const upload = (
  app: FastifyInstance,
  session: { sessionId: string; deviceId: string } | null,
  part: FilePart,
  query: Record<string, string> = {},
) => {
  const { payload, contentType } = multipartBody(part);
  const search = new URLSearchParams({ ...(session ? { deviceId: session.deviceId } : {}), ...query });
  return app.inject({
    method: 'POST',
    url: `${API_PREFIX}${Endpoints.uploadProblemImage.path}?${search}`,
    headers: { 'content-type': contentType, ...(session ? { authorization: `Bearer ${session.sessionId}` } : {}) },
    payload,
  });
};
