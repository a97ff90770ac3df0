/** The few pages the server builds itself (agreement, hosted checkout, the sandbox's codes): escaping and one document shell. */

/** Text made safe to put between tags or in a quoted attribute. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export interface HtmlPage {
  lang: string;
  /** plain text: escaped here */
  title: string;
  /** CSS */
  style?: string;
  /** HTML, its text already escaped */
  body: string;
}

/** A whole document at phone width, its body in one `<main>`. */
export const htmlPage = ({ lang, title, style = '', body }: HtmlPage): string =>
  `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>${style ? `<style>${style}</style>` : ''}</head><body><main>${body}</main></body></html>`;
