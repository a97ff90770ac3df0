import { Endpoints, Limits, type SuccessCode } from '@kilat/contract';
import type { CallData } from '@kilat/contract/schemas';
import { ApiError, NetworkError } from '@/shared/http/api-client';
import { buildRequest } from '@/shared/http/transport';
import { translate } from '@/shared/i18n';
import { toast } from '@/shared/toast';

export const PROBLEM_IMAGE_FIELD = 'problemImage';

export type UploadedImage = CallData<'uploadProblemImage'>;

interface Envelope {
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

/**
 * Uploads one evidence image as the multipart field problemImage (spec §7). Through
 * XMLHttpRequest rather than fetch, because only its upload events report progress (0 to 1).
 * A failure is toasted here once, as the shared client does, and rejects.
 */
export const uploadProblemImage = (file: File, onProgress: (fraction: number) => void = () => {}): Promise<UploadedImage> => {
  const endpoint = Endpoints.uploadProblemImage;
  const form = new FormData();
  form.append(PROBLEM_IMAGE_FIELD, file, file.name);
  const { url, init } = buildRequest(endpoint, form);

  return new Promise<UploadedImage>((resolve, reject) => {
    const fail = (error: Error, message: string) => {
      toast.show(message);
      reject(error);
    };
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'json';
    xhr.timeout = Limits.requestTimeoutMs;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => fail(new NetworkError('network'), translate('networkError'));
    xhr.ontimeout = () => fail(new NetworkError('timeout'), translate('networkError'));
    xhr.onload = () => {
      const envelope = xhr.response as Envelope | null;
      if (!envelope || typeof envelope !== 'object' || !('code' in envelope)) {
        fail(new NetworkError('not an envelope', xhr.status), translate('networkError'));
        return;
      }
      const code = String(envelope.code);
      const success: SuccessCode = endpoint.success;
      if (code !== success) {
        const message = typeof envelope.message === 'string' && envelope.message ? envelope.message : translate('processingFailed');
        fail(new ApiError(code, message, envelope.data ?? null, envelope), message);
        return;
      }
      onProgress(1);
      resolve(envelope.data as UploadedImage);
    };
    xhr.send(form);
  });
};
