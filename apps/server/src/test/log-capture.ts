import { Writable } from 'node:stream';

/** Every line the app logged, as text, so a test can search it for what must never be there. */
export const logCapture = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
};
