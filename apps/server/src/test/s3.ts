/**
 * An S3-protocol server on this machine for tests (s3rver from the npm registry): real HTTP, real
 * SigV4-signed requests from @aws-sdk/client-s3, objects on a temporary disk.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../config.js';

export interface TestS3 {
  settings: S3Settings;
  close(): Promise<void>;
}

export const startTestS3 = async (bucket = 'kilat-evidence'): Promise<TestS3> => {
  const directory = await mkdtemp(join(tmpdir(), 'kilat-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = (await server.run()) as AddressInfo;
  return {
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: 'uploads/',
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};
