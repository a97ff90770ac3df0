/** The contract's one formatter per market (docs/decisions/055), plus what only pages need. */
export { formatApr, formatDate, formatDateTime, formatMoney, formatRate, formatTime, stripSeparators } from '@kilat/contract';

/** A `tel:` address for a displayed phone number: digits and a leading + only. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
