/**
 * Where upload bytes live, behind one interface (issue 16, docs/decisions/034): a local folder by
 * default (one command on a laptop), any S3-compatible store when configured, so an image
 * uploaded through one instance is served by every other.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.js';

export interface StoredObject {
  body: Readable;
  size: number;
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** writes a new object; names are random, so an existing one is never overwritten */
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  /** the object, or null when there is none of that name */
  get(name: string): Promise<StoredObject | null>;
  remove(name: string): Promise<void>;
}

export class LocalFolderStorage implements ObjectStorage {
  readonly kind = 'local';
  constructor(private readonly dir: string) {}

  async put(name: string, data: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, name), data, { flag: 'wx' });
  }

  async get(name: string): Promise<StoredObject | null> {
    const path = join(this.dir, name);
    const file = await stat(path).catch(() => null);
    if (!file?.isFile()) return null;
    return { body: createReadStream(path), size: file.size };
  }

  async remove(name: string): Promise<void> {
    await rm(join(this.dir, name), { force: true });
  }
}

type S3Sdk = typeof import('@aws-sdk/client-s3');

export class S3Storage implements ObjectStorage {
  readonly kind = 's3';
  private readonly client: S3Client;

  /** The SDK is loaded only by an instance configured for S3: it holds 5 MB of heap (decision 121). */
  static async open(settings: S3Settings): Promise<S3Storage> {
    return new S3Storage(settings, await import('@aws-sdk/client-s3'));
  }

  private constructor(
    private readonly settings: S3Settings,
    private readonly sdk: S3Sdk,
  ) {
    this.client = new sdk.S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  }

  private key(name: string) {
    return `${this.settings.prefix}${name}`;
  }

  async put(name: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new this.sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name), Body: data, ContentType: contentType }),
    );
  }

  async get(name: string): Promise<StoredObject | null> {
    try {
      const object = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
      if (!object.Body) return null;
      return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if ((error as Error).name === 'NoSuchKey' || status === 404) return null;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
  }

  close() {
    this.client.destroy();
  }
}
