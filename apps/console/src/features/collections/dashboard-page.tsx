/**
 * The collections dashboard (issue 46 §5, decision 217): one market over a range of its business
 * dates — open cases by stage, recovered by stage, team and collector, promises and their keep rate,
 * contacts per case, roll rates between the regulator's classes, the cure rate and settlements. Each
 * figure links to its cases; the whole downloads as CSV.
 */
import { formatMoney } from '@kilat/contract';
import { Link, useLocation, useSearch } from 'wouter';
import { MARKET_LABEL } from '@/shared/format';
import { ErrorLine, Page } from '@/shared/ui';
import { type CollectionsDashboardFilter, collectionsCsvHref, useCollectionsDashboard } from './api/get-dashboard';

const casesHref = (filter: Record<string, string | number | undefined>) =>
  `/collections?${new URLSearchParams(
    Object.entries(filter)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  )}`;
const rate = (value: number | null) => (value === null ? '–' : `${value} %`);
const words = (code: string) => code.replaceAll('_', ' ');

export const CollectionsDashboardPage = () => {
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const filter: CollectionsDashboardFilter = {
    market: search.get('market') === 'ID' ? 'ID' : 'IN',
    ...(search.get('from') ? { from: search.get('from')! } : {}),
    ...(search.get('to') ? { to: search.get('to')! } : {}),
  };
  const set = (change: Partial<CollectionsDashboardFilter>) => {
    const next = { ...filter, ...change };
    navigate(`/collections/dashboard?${new URLSearchParams(Object.entries(next).filter(([, value]) => value) as [string, string][])}`, {
      replace: true,
    });
  };
  const found = useCollectionsDashboard(filter);
  const data = found.data;
  const money = (minor: number) => formatMoney(minor, filter.market);
  const market = filter.market;
  return (
    <Page
      title="Collections dashboard"
      actions={
        <span>
          <Link href="/collections">Back to the cases</Link> <a href={collectionsCsvHref(filter)}>Download CSV</a>
        </span>
      }
    >
      <form className="filters" aria-label="Dashboard filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          Market
          <select value={market} onChange={(event) => set({ market: event.target.value as 'IN' | 'ID' })}>
            <option value="IN">{MARKET_LABEL.IN}</option>
            <option value="ID">{MARKET_LABEL.ID}</option>
          </select>
        </label>
        <label>
          From
          <input type="date" value={filter.from ?? data?.from ?? ''} onChange={(event) => set({ from: event.target.value })} />
        </label>
        <label>
          To
          <input type="date" value={filter.to ?? data?.to ?? ''} onChange={(event) => set({ to: event.target.value })} />
        </label>
      </form>
      <ErrorLine error={found.error} />
      {found.isPending && <p className="loading">Loading…</p>}
      {data && (
        <div className="stack">
          <table className="grid">
            <caption>Open cases by stage</caption>
            <thead>
              <tr>
                <th scope="col">Stage</th>
                <th scope="col">Cases</th>
                <th scope="col">Owed today</th>
              </tr>
            </thead>
            <tbody>
              {data.casesByStage.map((row) => (
                <tr key={row.stage}>
                  <th scope="row">{row.stage}</th>
                  <td>
                    <Link href={casesHref({ market, stage: row.stage })}>{row.cases}</Link>
                  </td>
                  <td>{money(row.owedMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="grid">
            <caption>
              Recovered {data.from} to {data.to}
            </caption>
            <thead>
              <tr>
                <th scope="col">By</th>
                <th scope="col">Who</th>
                <th scope="col">Recovered</th>
              </tr>
            </thead>
            <tbody>
              {data.recoveredByStage.map((row) => (
                <tr key={`stage-${row.stage}`}>
                  <th scope="row">Stage</th>
                  <td>{row.stage}</td>
                  <td>
                    <Link href={casesHref({ market, stage: row.stage, status: 'closed' })}>{money(row.recoveredMinor)}</Link>
                  </td>
                </tr>
              ))}
              {data.recoveredByTeam.map((row) => (
                <tr key={`team-${row.teamId ?? 'none'}`}>
                  <th scope="row">Team</th>
                  <td>{row.team}</td>
                  <td>{money(row.recoveredMinor)}</td>
                </tr>
              ))}
              {data.recoveredByCollector.map((row) => (
                <tr key={`collector-${row.collectorId ?? 'none'}`}>
                  <th scope="row">Collector</th>
                  <td>{row.collector}</td>
                  <td>
                    {row.collectorId === null ? (
                      money(row.recoveredMinor)
                    ) : (
                      <Link href={casesHref({ market, collectorId: row.collectorId })}>{money(row.recoveredMinor)}</Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="grid">
            <caption>Promises, contacts, cures and settlements</caption>
            <tbody>
              <tr>
                <th scope="row">Promises made</th>
                <td>{data.promises.made}</td>
              </tr>
              <tr>
                <th scope="row">Promises kept</th>
                <td>{data.promises.kept}</td>
              </tr>
              <tr>
                <th scope="row">Promises broken</th>
                <td>
                  <Link href={casesHref({ market, promise: 'broken' })}>{data.promises.broken}</Link>
                </td>
              </tr>
              <tr>
                <th scope="row">Keep rate</th>
                <td>{rate(data.promises.keepRate)}</td>
              </tr>
              <tr>
                <th scope="row">Contacts per case</th>
                <td>{data.contactsPerCase ?? '–'}</td>
              </tr>
              <tr>
                <th scope="row">Cases worked</th>
                <td>{data.cases}</td>
              </tr>
              <tr>
                <th scope="row">Cured (repaid or back to current)</th>
                <td>
                  <Link href={casesHref({ market, status: 'closed', closeReason: 'repaid' })}>{data.cured}</Link>
                </td>
              </tr>
              <tr>
                <th scope="row">Cure rate</th>
                <td>{rate(data.cureRate)}</td>
              </tr>
              <tr>
                <th scope="row">Settled by agreement</th>
                <td>
                  <Link href={casesHref({ market, status: 'closed', closeReason: 'settled' })}>{data.settlements.paid}</Link> ·{' '}
                  {money(data.settlements.waivedMinor)} waived
                </td>
              </tr>
            </tbody>
          </table>
          <table className="grid">
            <caption>Roll rates: of the loans in each class 30 days before {data.to}, the share in a later class on it</caption>
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">Loans</th>
                <th scope="col">Rolled</th>
                <th scope="col">Roll rate</th>
              </tr>
            </thead>
            <tbody>
              {data.rollRates.map((row) => (
                <tr key={row.from}>
                  <th scope="row">{words(row.from)}</th>
                  <td>{words(row.to)}</td>
                  <td>{row.orders}</td>
                  <td>{row.rolled}</td>
                  <td>{rate(row.rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
};
