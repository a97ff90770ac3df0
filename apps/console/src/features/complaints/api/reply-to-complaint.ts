import { REPLY_IMAGE_FIELD } from '@kilat/contract/console/browser';
import { callApi } from '@/shared/api-client';
import { useDeskMutation } from './desk-mutation';

export interface Reply {
  text: string;
  templateId: number | null;
  images: File[];
}

/** Answers the borrower: the text, the template it came from and its images, as multipart. */
export const useReply = (id: number) =>
  useDeskMutation(id, (reply: Reply) => {
    const form = new FormData();
    form.set('text', reply.text);
    if (reply.templateId !== null) form.set('templateId', String(reply.templateId));
    for (const image of reply.images) form.append(REPLY_IMAGE_FIELD, image);
    return callApi('reply', { id, body: form });
  });
