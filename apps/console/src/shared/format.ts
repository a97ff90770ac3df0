/** Dates and times as operators read them: their own locale and time zone. */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

const SLA_LABEL = { ok: 'On time', dueSoon: 'Due soon', overdue: 'Overdue', met: 'Met', missed: 'Missed' } as const;
export const slaLabel = (state: keyof typeof SLA_LABEL) => SLA_LABEL[state];

export const STATUS_LABEL = { open: 'Open', replied: 'Replied', closed: 'Closed' } as const;

export const MARKET_LABEL = { IN: 'India', ID: 'Indonesia' } as const;
