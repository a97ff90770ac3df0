import { BOOKS_EXPORT_PATH, type BookReport, CONSOLE_API_PREFIX } from '@kilat/contract/console/browser';

/** Where one report of the books downloads as CSV (the server audits the export). */
export const booksCsvHref = (report: BookReport, query: { market: string; from?: string; to?: string; asOf?: string }) =>
  `${CONSOLE_API_PREFIX}${BOOKS_EXPORT_PATH}?${new URLSearchParams({ report, ...query }).toString()}`;

/** Today and a month before it, as the date fields write them. */
export const lastMonth = () => {
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
};
