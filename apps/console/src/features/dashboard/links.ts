/** Where a figure's list lives: the list page and its CSV, both carrying the dashboard's filters. */
import { CONSOLE_API_PREFIX, DASHBOARD_EXPORT_PATH, type DashboardFigure, type DashboardPart } from '@kilat/contract/console/browser';

export interface DashboardFilter {
  market: 'IN' | 'ID';
  from?: string | undefined;
  to?: string | undefined;
}

export interface ListFilter extends DashboardFilter {
  figure: DashboardFigure;
  part?: DashboardPart | undefined;
  channel?: string | undefined;
  utmTag?: string | undefined;
}

const searchOf = (values: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) search.set(name, value);
  return search.toString();
};

export const dashboardSearch = ({ market, from, to }: DashboardFilter) => searchOf({ market, from, to });

/** The console page listing a figure's rows (under the console's base). */
export const listHref = ({ figure, ...rest }: ListFilter) =>
  `/dashboard/list/${figure}?${searchOf({ market: rest.market, from: rest.from, to: rest.to, part: rest.part, channel: rest.channel, utmTag: rest.utmTag })}`;

/** The CSV of the same list, downloaded from the API. */
export const exportHref = (filter: ListFilter) =>
  `${CONSOLE_API_PREFIX}${DASHBOARD_EXPORT_PATH}?${searchOf({
    market: filter.market,
    from: filter.from,
    to: filter.to,
    figure: filter.figure,
    part: filter.part,
    channel: filter.channel,
    utmTag: filter.utmTag,
  })}`;
