/**
 * The business at a glance (issue 31 item 4): one market over a range of its business dates. Every
 * chart has its figures in a table beside it, and every figure links to the list behind it; the
 * filters live in the address, so a list's "Back" comes back to the same view. Loaded on its own
 * (React.lazy): uPlot is downloaded by those who open the dashboard only (decision 165).
 */
import { formatMoney } from '@kilat/contract';
import type { DashboardView, DpdBucket } from '@kilat/contract/console/browser';
import { useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { DateRangeFields, Filters } from '@/shared/filters';
import { formatDateTime, MARKET_LABEL } from '@/shared/format';
import { toMajor } from '@/shared/money-field';
import { MarketField } from '@/shared/select-field';
import { Table } from '@/shared/table';
import { ErrorLine, Page } from '@/shared/ui';
import { useDashboard } from './api/get-dashboard';
import { DayChart } from './day-chart';
import { type DashboardFilter, dashboardSearch, type ListFilter, listHref } from './links';

const BUCKET_LABEL: Record<DpdBucket, string> = { current: 'Current', '1-30': '1–30 days', '31-90': '31–90 days', '91+': '91+ days' };

/** The filters as the address holds them; India and the last 30 days unless told. */
export const useDashboardFilter = (): [DashboardFilter, (change: Partial<DashboardFilter>) => void] => {
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const filter: DashboardFilter = {
    market: search.get('market') === 'ID' ? 'ID' : 'IN',
    from: search.get('from') || undefined,
    to: search.get('to') || undefined,
  };
  const set = (change: Partial<DashboardFilter>) => navigate(`/dashboard?${dashboardSearch({ ...filter, ...change })}`, { replace: true });
  return [filter, set];
};

const Figure = ({ title, children }: { title: string; children: React.ReactNode }) => {
  const id = `figure-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="card dashboard-figure" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
};

/** A horizontal bar per row, as wide as its share of the largest; the numbers are written beside it. */
const Bars = ({ rows, label }: { rows: { name: string; value: number; text: string; href: string }[]; label: string }) => {
  const most = Math.max(1, ...rows.map((row) => row.value));
  return (
    <table className="bars">
      <caption className="visually-hidden">{label}</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">Part</th>
          <th scope="col">Share</th>
          <th scope="col">Figure</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row">{row.name}</th>
            <td className="bar-cell" aria-hidden="true">
              <span className="bar" style={{ width: `${(100 * row.value) / most}%` }} />
            </td>
            <td>
              <Link href={row.href}>{row.text}</Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
};

const Totals = ({ rows }: { rows: { name: string; count: number; amount: string; href: string }[] }) => (
  <dl className="totals">
    {rows.map((row) => (
      <div key={row.name}>
        <dt>{row.name}</dt>
        <dd>
          <Link href={row.href}>
            {row.amount} <span className="muted">({row.count})</span>
          </Link>
        </dd>
      </div>
    ))}
  </dl>
);

const PerDayTable = ({ caption, days, columns }: { caption: string; days: string[]; columns: { header: string; cells: string[] }[] }) => (
  <details>
    <summary>The figures per day</summary>
    <Table
      className="grid"
      caption={caption}
      columns={[
        { header: 'Business date', cell: (index: number) => days[index], rowHeader: true },
        ...columns.map((column) => ({ header: column.header, cell: (index: number) => column.cells[index] })),
      ]}
      rows={days.map((_, index) => index)}
      rowKey={(index) => days[index]!}
    />
  </details>
);

const Charts = ({ view, filter }: { view: DashboardView; filter: DashboardFilter }) => {
  const market = view.market;
  const money = (minor: number) => formatMoney(minor, market);
  const range = { market, from: view.from, to: view.to };
  const link = (figure: ListFilter['figure'], more: Partial<ListFilter> = {}) => listHref({ ...range, figure, ...more });
  const days = useMemo(() => view.days.map((day) => day.day), [view]);
  const moneySeries = useMemo(
    () => [
      { label: `Disbursed (${view.currency})`, color: '#0b5cad', values: view.days.map((day) => toMajor(day.disbursedMinor)) },
      { label: `Repaid (${view.currency})`, color: '#1d6b35', values: view.days.map((day) => toMajor(day.repaidMinor)) },
    ],
    [view],
  );
  const penaltySeries = useMemo(
    () => [
      {
        label: `Penalties accrued (${view.currency})`,
        color: '#a4161a',
        values: view.days.map((day) => toMajor(day.penaltiesAccruedMinor)),
      },
      { label: `Penalties waived (${view.currency})`, color: '#7a4b00', values: view.days.map((day) => toMajor(day.penaltiesWaivedMinor)) },
    ],
    [view],
  );
  const payoutSeries = useMemo(
    () => [
      { label: 'Payouts failed', color: '#a4161a', values: view.days.map((day) => day.payoutsFailed) },
      { label: 'Payouts reversed', color: '#5a6270', values: view.days.map((day) => day.payoutsReversed) },
    ],
    [view],
  );
  const { totals, complaints, chatbot } = view;
  const funnelTotal = view.funnel.reduce(
    (sum, row) => ({
      visit: sum.visit + row.visit,
      click: sum.click + row.click,
      sms: sum.sms + row.sms,
      register: sum.register + row.register,
    }),
    { visit: 0, click: 0, sms: 0, register: 0 },
  );
  return (
    <div className="dashboard">
      <Figure title="Disbursed and repaid per day">
        <DayChart
          days={days}
          series={moneySeries}
          label={`Bar chart of the money disbursed and repaid per business date, ${view.from} to ${view.to}, in ${view.currency}: ${money(totals.disbursed.minor)} disbursed, ${money(totals.repaid.minor)} repaid. The figures per day are in the table below.`}
        />
        <Totals
          rows={[
            { name: 'Disbursed', count: totals.disbursed.count, amount: money(totals.disbursed.minor), href: link('disbursed') },
            { name: 'Repaid', count: totals.repaid.count, amount: money(totals.repaid.minor), href: link('repaid') },
          ]}
        />
        <PerDayTable
          caption={`Disbursed and repaid per business date (${view.currency})`}
          days={days}
          columns={[
            { header: 'Disbursed', cells: view.days.map((day) => money(day.disbursedMinor)) },
            { header: 'Repaid', cells: view.days.map((day) => money(day.repaidMinor)) },
          ]}
        />
      </Figure>
      <Figure title={`Outstanding by days past due, as of ${formatDateTime(view.outstandingAsOf, view.market)}`}>
        <Bars
          label="Open loans by days past due: principal not yet repaid and how many loans"
          rows={view.outstanding.map((entry) => ({
            name: BUCKET_LABEL[entry.bucket],
            value: entry.principalMinor,
            text: `${money(entry.principalMinor)} · ${entry.loans} ${entry.loans === 1 ? 'loan' : 'loans'}`,
            href: link('outstanding', { part: entry.bucket }),
          }))}
        />
        <p className="muted">
          <Link href={link('outstanding')}>All open loans</Link>
        </p>
      </Figure>
      <Figure title="Penalties accrued and waived">
        <DayChart
          days={days}
          series={penaltySeries}
          label={`Bar chart of the penalties accrued and waived per business date, in ${view.currency}: ${money(totals.penaltiesAccrued.minor)} accrued, ${money(totals.penaltiesWaived.minor)} waived. The figures per day are in the table below.`}
        />
        <Totals
          rows={[
            {
              name: 'Accrued',
              count: totals.penaltiesAccrued.count,
              amount: money(totals.penaltiesAccrued.minor),
              href: link('penaltiesAccrued'),
            },
            {
              name: 'Waived',
              count: totals.penaltiesWaived.count,
              amount: money(totals.penaltiesWaived.minor),
              href: link('penaltiesWaived'),
            },
          ]}
        />
        <PerDayTable
          caption={`Penalties accrued and waived per business date (${view.currency})`}
          days={days}
          columns={[
            { header: 'Accrued', cells: view.days.map((day) => money(day.penaltiesAccruedMinor)) },
            { header: 'Waived', cells: view.days.map((day) => money(day.penaltiesWaivedMinor)) },
          ]}
        />
      </Figure>
      <Figure title="Payouts failed and reversed">
        <DayChart
          days={days}
          series={payoutSeries}
          label={`Bar chart of the payouts that failed and that came back per day: ${totals.payoutsFailed.count} failed, ${totals.payoutsReversed.count} reversed. The figures per day are in the table below.`}
        />
        <Totals
          rows={[
            { name: 'Failed', count: totals.payoutsFailed.count, amount: money(totals.payoutsFailed.minor), href: link('payoutsFailed') },
            {
              name: 'Reversed',
              count: totals.payoutsReversed.count,
              amount: money(totals.payoutsReversed.minor),
              href: link('payoutsReversed'),
            },
          ]}
        />
        <PerDayTable
          caption="Payouts failed and reversed per day"
          days={days}
          columns={[
            { header: 'Failed', cells: view.days.map((day) => String(day.payoutsFailed)) },
            { header: 'Reversed', cells: view.days.map((day) => String(day.payoutsReversed)) },
          ]}
        />
      </Figure>
      <Figure title="Complaints: replies within 3 weekdays">
        <p className="headline">
          {complaints.compliancePercent === null ? 'No complaint due yet' : `${complaints.compliancePercent}% on time`}
          <span className="muted">
            {' '}
            · average rating {complaints.averageRating === null ? '—' : `${complaints.averageRating} of 5`} ({complaints.ratings}{' '}
            {complaints.ratings === 1 ? 'rating' : 'ratings'})
          </span>
        </p>
        <Bars
          label="Complaints made in the range by their reply against the 3-weekday service level"
          rows={[
            { name: 'On time', value: complaints.met, part: 'met' as const },
            { name: 'Late', value: complaints.missed, part: 'missed' as const },
            { name: 'Overdue, no reply', value: complaints.overdue, part: 'overdue' as const },
            { name: 'Not yet due', value: complaints.pending, part: 'pending' as const },
          ].map((row) => ({ ...row, text: String(row.value), href: link('complaints', { part: row.part }) }))}
        />
        <p className="muted">
          <Link href={link('complaints')}>All {complaints.total} complaints</Link>
        </p>
      </Figure>
      <Figure title="Complaints against the regulator's deadline">
        <Bars
          label="Open complaints today against the regulator's deadline (India 30 days, Indonesia 10 working days)"
          rows={[
            { name: 'Due within 3 days', value: view.regulatorDeadlines.dueSoon },
            { name: 'Past the deadline', value: view.regulatorDeadlines.pastDeadline },
            { name: 'Escalated to the desk', value: view.regulatorDeadlines.escalated },
            { name: 'Extended (Indonesia)', value: view.regulatorDeadlines.extended },
          ].map((row) => ({ ...row, text: String(row.value), href: '/complaints?status=open' }))}
        />
        <p className="muted">{view.regulatorDeadlines.open} open complaints</p>
      </Figure>
      <Figure title="Chatbot resolution">
        <Bars
          label="The chatbot's answers borrowers marked resolved or not resolved, and hand-overs to support"
          rows={[
            { name: 'Resolved', value: chatbot.resolved, href: link('chatbot', { part: 'resolved' }) },
            { name: 'Not resolved', value: chatbot.unresolved, href: link('chatbot', { part: 'unresolved' }) },
            { name: 'Handed to support', value: chatbot.handedOver, href: link('chatbot') },
          ].map((row) => ({ ...row, text: String(row.value) }))}
        />
      </Figure>
      <Figure title="Registration funnel">
        <Bars
          label="The registration funnel of every channel: visits, clicks, codes sent, registrations"
          rows={(['visit', 'click', 'sms', 'register'] as const).map((step) => ({
            name: { visit: 'Visits', click: 'Clicks', sms: 'Codes sent', register: 'Registrations' }[step],
            value: funnelTotal[step],
            text: String(funnelTotal[step]),
            href: link('funnel', { part: step }),
          }))}
        />
        <table className="grid">
          <caption>By channel (user_from) and utm_tag, the most visited first</caption>
          <thead>
            <tr>
              <th scope="col">Channel</th>
              <th scope="col">utm_tag</th>
              <th scope="col">Visits</th>
              <th scope="col">Clicks</th>
              <th scope="col">Codes sent</th>
              <th scope="col">Registrations</th>
            </tr>
          </thead>
          <tbody>
            {view.funnel.map((row) => (
              <tr key={`${row.channel}\u0000${row.utmTag}`}>
                <th scope="row">{row.channel || <span className="muted">(none)</span>}</th>
                <td>{row.utmTag || <span className="muted">(none)</span>}</td>
                {(['visit', 'click', 'sms', 'register'] as const).map((step) => (
                  <td key={step}>
                    <Link href={link('funnel', { part: step, channel: row.channel, utmTag: row.utmTag })}>{row[step]}</Link>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Figure>
      <p className="muted">
        {MARKET_LABEL[filter.market]}, business dates {view.from} to {view.to} in the market's zone; outstanding as of{' '}
        {formatDateTime(view.outstandingAsOf, view.market)} (counted every 15 minutes).
      </p>
    </div>
  );
};

export const DashboardPage = () => {
  const [filter, set] = useDashboardFilter();
  const dashboard = useDashboard(filter);
  const view = dashboard.data;
  return (
    <Page title="Dashboard">
      <Filters label="Dashboard filters">
        <MarketField value={filter.market} onChange={(market) => set({ market: market ?? 'IN' })} />
        <DateRangeFields from={filter.from} to={filter.to} onChange={set} shown={view ?? {}} />
      </Filters>
      <ErrorLine error={dashboard.error} />
      {view ? <Charts view={view} filter={filter} /> : !dashboard.error && <p className="loading">Loading the dashboard…</p>}
    </Page>
  );
};

export default DashboardPage;
