/**
 * `npm run ops -- reply-complaint <problemId> --text … [--image file]…`: an agent's reply through the
 * same ComplaintsService (and upload pipeline) an operator console will use.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { ComplaintsService } from '../modules/complaints/service.js';

export const REPLY_COMPLAINT_USAGE = 'reply-complaint <problemId> --text "…" [--image file]…';

export class UsageError extends Error {
  override name = 'UsageError';
}

export interface ReplyCommand {
  problemId: number;
  text: string;
  imagePaths: string[];
}

export const parseReplyCommand = (args: readonly string[]): ReplyCommand => {
  let parsed: ReturnType<
    typeof parseArgs<{ options: { text: { type: 'string' }; image: { type: 'string'; multiple: true } }; allowPositionals: true }>
  >;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { text: { type: 'string' }, image: { type: 'string', multiple: true } },
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const [id, ...rest] = parsed.positionals;
  if (!id || !/^[1-9]\d{0,15}$/.test(id) || rest.length > 0) throw new UsageError(`Usage: npm run ops -- ${REPLY_COMPLAINT_USAGE}`);
  const text = parsed.values.text ?? '';
  const imagePaths = parsed.values.image ?? [];
  if (text.trim() === '' && imagePaths.length === 0) throw new UsageError('A reply needs --text, --image or both.');
  return { problemId: Number(id), text, imagePaths };
};

/** Reads the images and writes the reply; answers the line to print. */
export const replyComplaint = async (complaints: ComplaintsService, args: readonly string[]): Promise<string> => {
  const command = parseReplyCommand(args);
  const images = await Promise.all(command.imagePaths.map((path) => readFile(path)));
  const { replyId, imageUrls } = await complaints.reply(command.problemId, { text: command.text, images, author: 'ops-cli' });
  return `reply ${replyId} written to complaint ${command.problemId}${imageUrls.length > 0 ? ` with ${imageUrls.join(', ')}` : ''}`;
};
