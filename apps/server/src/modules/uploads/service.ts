/**
 * Complaint images (DESIGN §5): JPEG, PNG or WebP by content, at most 10 MB and 40 megapixels,
 * re-encoded so that no EXIF or GPS data survives, stored under random names in the upload folder.
 * Borrowers' uploads and operators' reply images go through this one pipeline.
 */
import { randomBytes } from 'node:crypto';
import { Limits, type MessageKey, ResultCode } from '@kilat/contract';
import type { OutputInfo, Sharp } from 'sharp';
import type { Db } from '../../db/database.js';
import type { Upload, UploadContentType, UploadPurpose } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lending/clock.js';
import { onFirstUse } from '../../on-first-use.js';
import type { UploadsRepository } from './repository.js';
import type { LinkSigner } from './signed-links.js';
import type { ObjectStorage, StoredObject } from './storage.js';

/** Where the server serves stored images; the name's 32 hex digits are 128 random bits. */
/** an image is recognised by its bytes; the sniffer is loaded by the first upload */
const fileType = onFirstUse(() => import('file-type'));

export const UPLOAD_URL_PREFIX = '/uploads/';

/** An image checked and re-encoded, not yet stored. */
export interface ReencodedImage {
  data: Buffer;
  contentType: UploadContentType;
  ext: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
}
export const UPLOAD_NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

interface Format {
  ext: 'jpg' | 'png' | 'webp';
  encode: (image: Sharp) => Sharp;
}

const FORMATS: Record<UploadContentType, Format> = {
  'image/jpeg': { ext: 'jpg', encode: (image) => image.jpeg({ quality: 85, mozjpeg: true }) },
  'image/png': { ext: 'png', encode: (image) => image.png({ compressionLevel: 6 }) },
  'image/webp': { ext: 'webp', encode: (image) => image.webp({ quality: 85 }) },
};

export const contentTypeOfName = (name: string): UploadContentType | null => {
  const match = UPLOAD_NAME.exec(name);
  if (!match) return null;
  return match[1] === 'jpg' ? 'image/jpeg' : match[1] === 'png' ? 'image/png' : 'image/webp';
};

const refuse = (messageKey: MessageKey, httpStatus = 400) => new AppError(ResultCode.InvalidRequest, messageKey, httpStatus);

export const UploadRefusal = {
  missing: () => refuse('uploadMissing'),
  notAnImage: () => refuse('uploadNotAnImage', 415),
  tooLarge: () => refuse('uploadTooLarge', 413),
  tooManyPixels: () => refuse('uploadTooManyPixels', 413),
};

/** The stored name in an image URL this server issued (relative or absolute), or null. */
export const uploadNameOf = (url: string): string | null => {
  let path: string;
  try {
    path = new URL(url, 'http://kilat.invalid').pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(UPLOAD_URL_PREFIX)) return null;
  const name = path.slice(UPLOAD_URL_PREFIX.length);
  return UPLOAD_NAME.test(name) ? name : null;
};

export const uploadUrlOf = (name: string) => `${UPLOAD_URL_PREFIX}${name}`;

/** Where a product's uploaded logo is served to anyone, cached for good: its random name never changes (decision 284). */
export const PRODUCT_LOGO_URL_PREFIX = '/product-logos/';
export const productLogoUrlOf = (name: string) => `${PRODUCT_LOGO_URL_PREFIX}${name}`;

export class UploadsService {
  constructor(
    private readonly repository: UploadsRepository,
    private readonly storage: ObjectStorage,
    private readonly clock: Clock,
    readonly links: LinkSigner,
  ) {}

  /** The address a page shows the image at: signed for a few minutes, since an <img> carries no session. */
  signedUrlOf(name: string): string {
    return `${uploadUrlOf(name)}?${this.links.query(name, this.clock.now())}`;
  }

  /** Seconds a link to `name` has left, or null when it is not a valid live link. */
  linkLifeLeft(name: string, exp: unknown, sig: unknown): number | null {
    return this.links.verify(name, exp, sig, this.clock.now());
  }

  open(name: string): Promise<StoredObject | null> {
    return this.storage.get(name);
  }

  /** Deletes a stored image from the object store (the identity retention job, decision 171); a missing one is no error. */
  removeObject(name: string): Promise<void> {
    return this.storage.remove(name);
  }

  /** Whether `name` is a product's logo: the one kind of image served without a signed link. */
  async isLogo(name: string): Promise<boolean> {
    const [row] = await this.repository.findByNames([name]);
    return row?.purpose === 'logo';
  }

  async ownerOf(name: string): Promise<{ borrowerId: number | null } | null> {
    const [row] = await this.repository.findByNames([name]);
    return row ? { borrowerId: row.borrowerId } : null;
  }

  /** Checks, re-encodes and stores one image; `borrowerId` null is an operator's image. */
  async store(input: Buffer, borrowerId: number | null): Promise<{ upload: Upload; url: string }> {
    return this.keep(await this.reencode(input), borrowerId, 'evidence');
  }

  /**
   * Checks an image by its content and re-encodes it without metadata, keeping nothing yet: the
   * identity check sends the re-encoded bytes to its provider before anything is stored (issue 29).
   */
  async reencode(input: Buffer): Promise<ReencodedImage> {
    if (input.length === 0) throw UploadRefusal.missing();
    if (input.length > Limits.uploadMaxBytes) throw UploadRefusal.tooLarge();
    // by content, never by file name or the declared content type
    const { fileTypeFromBuffer } = await fileType();
    const detected = await fileTypeFromBuffer(input);
    const contentType = detected?.mime as UploadContentType | undefined;
    const format = contentType ? FORMATS[contentType] : undefined;
    if (!contentType || !format) throw UploadRefusal.notAnImage();

    // loaded on the first upload: sharp's native image library holds memory from the moment it loads
    const { default: sharp } = await import('sharp');
    const options = { limitInputPixels: Limits.uploadMaxPixels, failOn: 'error' as const };
    let width: number;
    let height: number;
    try {
      // the header alone tells the size: a pixel flood is refused before anything is decoded
      const header = await sharp(input, { ...options, limitInputPixels: false }).metadata();
      if (!header.width || !header.height) throw UploadRefusal.notAnImage();
      if (header.width * header.height > Limits.uploadMaxPixels) throw UploadRefusal.tooManyPixels();
      width = header.width;
      height = header.height;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw UploadRefusal.notAnImage();
    }

    let output: { data: Buffer; info: OutputInfo };
    try {
      // rotate() applies the EXIF orientation; sharp writes no metadata unless asked, so EXIF, GPS, XMP and ICC are gone
      output = await format.encode(sharp(input, options).rotate()).toBuffer({ resolveWithObject: true });
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message)) throw UploadRefusal.tooManyPixels();
      throw UploadRefusal.notAnImage();
    }
    return { data: output.data, contentType, ext: format.ext, width: output.info.width || width, height: output.info.height || height };
  }

  /** Stores a re-encoded image under a random name, with its purpose (evidence, or an identity document or selfie). */
  async keep(image: ReencodedImage, borrowerId: number | null, purpose: UploadPurpose): Promise<{ upload: Upload; url: string }> {
    const name = `${randomBytes(16).toString('hex')}.${image.ext}`;
    await this.storage.put(name, image.data, image.contentType);
    try {
      const upload = await this.repository.insert({
        name,
        borrowerId,
        contentType: image.contentType,
        bytes: image.data.length,
        width: image.width,
        height: image.height,
        purpose,
        createdAt: this.clock.now(),
      });
      return { upload, url: this.signedUrlOf(name) };
    } catch (error) {
      await this.storage.remove(name).catch(() => undefined);
      throw error;
    }
  }

  /** The uploads behind these URLs, in order, if every one is an image this borrower uploaded; else null. */
  async ownedByBorrower(urls: readonly string[], borrowerId: number, tx?: Db): Promise<Upload[] | null> {
    const names = urls.map(uploadNameOf);
    if (names.some((name) => name === null)) return null;
    const rows = await this.repository.findByNames(names as string[], tx);
    const byName = new Map(rows.map((row) => [row.name, row]));
    const owned = (names as string[]).map((name) => byName.get(name));
    // an identity document or selfie is never complaint evidence (issue 29)
    if (owned.some((row) => !row || row.borrowerId !== borrowerId || row.purpose !== 'evidence')) return null;
    return owned as Upload[];
  }
}
