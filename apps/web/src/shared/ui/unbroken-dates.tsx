import { Fragment, type ReactNode } from 'react';

/** A date as the formatters write it (contract format.ts): 'YYYY-MM-DD', with its time when it has one. */
const DATE = /\d{4}-\d{2}-\d{2}(?:[\u00a0 ]\d{2}:\d{2}(?::\d{2})?)?/g;

/**
 * A text with every date in it kept on one line (issue 30): a browser may break a line after a
 * hyphen, so '2027-02-24' at the end of a notice read '2027-02-' / '24' at 360 px. The words around
 * it still wrap as they like.
 */
export function UnbrokenDates({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(DATE)) {
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <span key={start} className="date">
        {match[0]}
      </span>,
    );
    last = start + match[0].length;
  }
  if (parts.length === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
