/**
 * Collections (issue 46): a collector's cases — broken promises first, then promises due today, then
 * follow-ups due, then the most owed × days past due — with filters; a supervisor sees every queue and reassigns, retains
 * or releases the cases ticked, in bulk.
 */
import { type CaseListItem, Permission } from '@kilat/contract/console/browser';
import { type FormEvent, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { formatDate, formatDateTime, MARKET_LABEL } from '@/shared/format';
import { useSession } from '@/shared/session';
import { ErrorLine, Page } from '@/shared/ui';
import { useAllocate, useRunCollections } from './api/case-actions';
import { useCases } from './api/get-cases';
import { useTeams } from './api/teams';

const RANK_LABEL: Record<CaseListItem['rank'], string> = {
  broken: 'Promise broken',
  'due-today': 'Promise due today',
  'follow-up': 'Follow-up due',
  priority: '',
};

export const CasesPage = () => {
  const { can } = useSession();
  const manages = can(Permission.CollectionsManage);
  // the collections dashboard links here with its figure's filters in the address
  const linked = new URLSearchParams(useSearch());
  const fromLink = {
    market: linked.get('market') === 'IN' || linked.get('market') === 'ID' ? (linked.get('market') as 'IN' | 'ID') : undefined,
    stage: linked.get('stage') || undefined,
    collectorId: Number(linked.get('collectorId')) || undefined,
    closeReason: (linked.get('closeReason') || undefined) as 'repaid' | 'settled' | 'written_off' | 'cured' | undefined,
  };
  const linkedPromise = linked.get('promise');
  const [scope, setScope] = useState<'mine' | 'all' | 'unallocated'>(manages ? 'all' : 'mine');
  const [promise, setPromise] = useState<'' | 'due-today' | 'broken' | 'open' | 'follow-up-due'>(
    linkedPromise === 'broken' || linkedPromise === 'open' || linkedPromise === 'due-today' || linkedPromise === 'follow-up-due'
      ? linkedPromise
      : '',
  );
  const [status, setStatus] = useState<'open' | 'closed'>(linked.get('status') === 'closed' ? 'closed' : 'open');
  const [minDays, setMinDays] = useState('');
  const [orderNo, setOrderNo] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const cases = useCases({
    scope,
    status,
    page: 1,
    ...Object.fromEntries(Object.entries(fromLink).filter(([, value]) => value !== undefined)),
    ...(promise ? { promise } : {}),
    ...(minDays ? { minDays: Number(minDays) } : {}),
    ...(orderNo.trim() ? { orderNo: orderNo.trim() } : {}),
  });
  const allocate = useAllocate();
  const teams = useTeams();
  const pickedMarkets = new Set((cases.data?.list ?? []).filter((item) => picked.includes(item.caseId)).map((item) => item.market));
  const choosable = (teams.data ?? [])
    .filter((team) => team.active && pickedMarkets.has(team.market))
    .flatMap((team) => team.collectors.filter((each) => each.active).map((each) => ({ ...each, team: team.name, market: team.market })));
  const runNow = useRunCollections();
  const toggle = (id: number) => setPicked((now) => (now.includes(id) ? now.filter((each) => each !== id) : [...now, id]));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const action = String(form.get('action')) as 'reassign' | 'retain' | 'release';
    allocate.mutate(
      {
        caseIds: picked,
        action,
        reason: String(form.get('reason') ?? ''),
        ...(action === 'reassign' ? { collectorId: Number(form.get('collectorId')) } : {}),
        ...(action === 'retain' ? { days: Number(form.get('days')) } : {}),
      },
      { onSuccess: () => setPicked([]) },
    );
  };
  return (
    <Page
      title={manages ? 'Collections' : 'My cases'}
      actions={
        manages && (
          <span>
            <Link href="/collections/dashboard">Collections dashboard</Link> <Link href="/collections/teams">Teams and stages</Link>{' '}
            <button type="button" onClick={() => runNow.mutate(undefined)} disabled={runNow.isPending}>
              Classify and allocate now
            </button>
          </span>
        )
      }
    >
      <ErrorLine error={runNow.error} />
      {runNow.data && (
        <p role="status">
          Classified {runNow.data.classified}, opened {runNow.data.opened}, closed {runNow.data.closed}, allocated {runNow.data.allocated},
          settled {runNow.data.settled}.
        </p>
      )}
      <form className="filters" aria-label="Filter cases" onSubmit={(event) => event.preventDefault()}>
        {manages && (
          <label>
            Queue
            <select value={scope} onChange={(event) => setScope(event.target.value as typeof scope)}>
              <option value="all">Every queue</option>
              <option value="mine">My cases</option>
              <option value="unallocated">Unallocated</option>
            </select>
          </label>
        )}
        <label>
          Case status
          <select value={status} onChange={(event) => setStatus(event.target.value as typeof status)}>
            <option value="open">Open</option>
            <option value="closed">Closed</option>
          </select>
        </label>
        <label>
          Promise
          <select value={promise} onChange={(event) => setPromise(event.target.value as typeof promise)}>
            <option value="">Any</option>
            <option value="due-today">Due today</option>
            <option value="broken">Broken</option>
            <option value="open">Open</option>
            <option value="follow-up-due">Follow-up due</option>
          </select>
        </label>
        <label>
          Order number
          <input value={orderNo} onChange={(event) => setOrderNo(event.target.value)} />
        </label>
        <label>
          At least days past due
          <input type="number" min={0} value={minDays} onChange={(event) => setMinDays(event.target.value)} />
        </label>
      </form>
      {Object.values(fromLink).some((value) => value !== undefined) && (
        <p className="muted">
          From the dashboard:{' '}
          {[
            fromLink.market && MARKET_LABEL[fromLink.market],
            fromLink.stage && `stage ${fromLink.stage}`,
            fromLink.collectorId && `collector #${fromLink.collectorId}`,
            fromLink.closeReason && `closed as ${fromLink.closeReason.replace('_', ' ')}`,
          ]
            .filter(Boolean)
            .join(' · ')}{' '}
          · <Link href="/collections">Every case</Link>
        </p>
      )}
      <ErrorLine error={cases.error} />
      {cases.data && cases.data.list.length === 0 && <p>No cases.</p>}
      {cases.data && cases.data.list.length > 0 && (
        <table className="grid">
          <caption>{cases.data.total} cases</caption>
          <thead>
            <tr>
              {manages && <th scope="col">Pick</th>}
              <th scope="col">Order</th>
              <th scope="col">Borrower</th>
              <th scope="col">Days past due</th>
              <th scope="col">Class</th>
              <th scope="col">Stage</th>
              <th scope="col">Owed today</th>
              <th scope="col">Promise</th>
              <th scope="col">Collector</th>
            </tr>
          </thead>
          <tbody>
            {cases.data.list.map((item) => (
              <tr key={item.caseId}>
                {manages && (
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Pick ${item.orderNo}`}
                      checked={picked.includes(item.caseId)}
                      onChange={() => toggle(item.caseId)}
                    />
                  </td>
                )}
                <td>
                  <Link href={`/collections/cases/${item.caseId}`}>{item.orderNo}</Link>
                </td>
                <td>
                  {item.borrowerName} · {MARKET_LABEL[item.market]}
                  {item.stopped && <span className="badge flag"> Contact stopped</span>}
                </td>
                <td>{item.daysPastDue}</td>
                <td>{item.classification}</td>
                <td>{item.stage ?? '–'}</td>
                <td>{item.owed}</td>
                <td>
                  {item.promise ? `${item.promise.amount} by ${formatDate(item.promise.promisedOn)} (${item.promise.status})` : '–'}
                  {RANK_LABEL[item.rank] && <span className="badge flag"> {RANK_LABEL[item.rank]}</span>}
                  {item.followUpDue && ` · follow up ${formatDateTime(item.followUpDue, item.market)}`}
                </td>
                <td>{item.collector?.name ?? 'Unallocated'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {manages && picked.length > 0 && (
        <form className="stack card" aria-label="Allocate the cases picked" onSubmit={submit}>
          <h2>{picked.length} cases picked</h2>
          <label>
            Action
            <select name="action" defaultValue="reassign">
              <option value="reassign">Reassign to a collector</option>
              <option value="retain">Retain with their collector</option>
              <option value="release">Release to allocation</option>
            </select>
          </label>
          <label>
            Collector (reassign)
            <select name="collectorId" defaultValue="">
              <option value="">Choose…</option>
              {choosable.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name} · {each.team} · {MARKET_LABEL[each.market]} ({each.load} of {each.capacity})
                </option>
              ))}
            </select>
          </label>
          <label>
            Days (retain)
            <input name="days" type="number" min={1} max={90} defaultValue={7} />
          </label>
          <label>
            Reason (kept in the audit log)
            <textarea name="reason" required minLength={3} maxLength={500} />
          </label>
          <ErrorLine error={allocate.error} />
          <button type="submit" disabled={allocate.isPending}>
            Apply to {picked.length} cases
          </button>
        </form>
      )}
    </Page>
  );
};
