/**
 * A supervisor's collections settings (issue 46): in-house teams and outside agencies (an agency's
 * contact is told to the borrower before it calls) with their collectors' weights, capacities and
 * loads, and each market's stages (days past due from/to, retention, allocation rule) and daily
 * contact cap, edited here and audited by the server.
 */
import type { StagesView } from '@kilat/contract/console/browser';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { MARKET_LABEL } from '@/shared/format';
import { ErrorLine, Page } from '@/shared/ui';
import { useAddCollector, useAddTeam, useSaveStages, useStages, useTeams } from './api/teams';

const RULE_LABEL = { round_robin_weight: 'Round-robin by weight, within capacity' } as const;

/** One market's stages as a form: change a range, a retention, the daily cap; a row left without a code is dropped, the blank row adds one. */
const StagesForm = ({ view, save }: { view: StagesView; save: ReturnType<typeof useSaveStages> }) => {
  const label = MARKET_LABEL[view.market];
  const rows = [...view.stages, null];
  return (
    <form
      className="card stack"
      aria-label={`Edit the stages, ${label}`}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = (name: string) => String(form.get(name) ?? '').trim();
        const stages = rows
          .map((_, index) => ({
            code: text(`code-${index}`),
            name: text(`name-${index}`),
            fromDay: Number(text(`from-${index}`)),
            toDay: text(`to-${index}`) === '' ? null : Number(text(`to-${index}`)),
            retentionDays: Number(text(`retention-${index}`)),
            rule: 'round_robin_weight' as const,
          }))
          .filter((stage) => stage.code !== '');
        save.mutate({ market: view.market, dailyContactCap: Number(text('cap')), stages });
      }}
    >
      <table className="grid">
        <caption>Stages of {label}: days past due from and to (empty: no end), days a collector keeps a case</caption>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Name</th>
            <th scope="col">From day</th>
            <th scope="col">To day</th>
            <th scope="col">Retention (days)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((stage, index) => {
            const which = stage ? stage.code : 'new stage';
            return (
              <tr key={stage?.code ?? 'new'}>
                <td>
                  <input name={`code-${index}`} defaultValue={stage?.code ?? ''} aria-label={`Code, ${which}`} maxLength={20} />
                </td>
                <td>
                  <input name={`name-${index}`} defaultValue={stage?.name ?? ''} aria-label={`Name, ${which}`} maxLength={80} />
                </td>
                <td>
                  <input
                    name={`from-${index}`}
                    type="number"
                    min={1}
                    defaultValue={stage?.fromDay ?? ''}
                    aria-label={`From day, ${which}`}
                  />
                </td>
                <td>
                  <input name={`to-${index}`} type="number" min={1} defaultValue={stage?.toDay ?? ''} aria-label={`To day, ${which}`} />
                </td>
                <td>
                  <input
                    name={`retention-${index}`}
                    type="number"
                    min={0}
                    max={365}
                    defaultValue={stage?.retentionDays ?? ''}
                    aria-label={`Retention, ${which}`}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted">Allocation: {RULE_LABEL.round_robin_weight}.</p>
      <label>
        Contacts a day per borrower, at most
        <input name="cap" type="number" min={1} max={10} defaultValue={view.dailyContactCap} />
      </label>
      <ErrorLine error={save.error} />
      {save.isSuccess && <p role="status">Stages of {label} saved (kept in the audit log).</p>}
      <button type="submit" disabled={save.isPending}>
        Save the stages of {label}
      </button>
    </form>
  );
};

const Stages = ({ market }: { market: 'IN' | 'ID' }) => {
  const stages = useStages(market);
  // held here, not in the form: the form starts again after a save and its outcome must stay shown
  const save = useSaveStages();
  return (
    <section aria-label={`Stages, ${MARKET_LABEL[market]}`}>
      <h2>Stages, {MARKET_LABEL[market]}</h2>
      <ErrorLine error={stages.error} />
      {stages.data && (
        <>
          <table className="grid">
            <caption>At most {stages.data.dailyContactCap} contacts a day per borrower</caption>
            <thead>
              <tr>
                <th scope="col">Stage</th>
                <th scope="col">Days past due</th>
                <th scope="col">Retention (days)</th>
                <th scope="col">Allocation</th>
              </tr>
            </thead>
            <tbody>
              {stages.data.stages.map((stage) => (
                <tr key={stage.code}>
                  <td>
                    {stage.code} · {stage.name}
                  </td>
                  <td>
                    {stage.fromDay}–{stage.toDay ?? '…'}
                  </td>
                  <td>{stage.retentionDays}</td>
                  <td>{RULE_LABEL[stage.rule]}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {/* keyed by what was saved: the form starts again from the stages as they now are */}
          <StagesForm key={JSON.stringify(stages.data)} view={stages.data} save={save} />
        </>
      )}
    </section>
  );
};

export const TeamsPage = () => {
  const teams = useTeams();
  const addTeam = useAddTeam();
  const addCollector = useAddCollector();
  const value = (event: FormEvent<HTMLFormElement>, name: string) => String(new FormData(event.currentTarget).get(name) ?? '');
  return (
    <Page title="Teams and stages" actions={<Link href="/collections">Back to the cases</Link>}>
      <ErrorLine error={teams.error} />
      {teams.data?.map((team) => (
        <section key={team.id} className="card stack" aria-label={team.name}>
          <h2>
            {team.name} · {MARKET_LABEL[team.market]} · {team.kind === 'agency' ? `agency (${team.contact})` : 'in-house'} · team {team.id}
          </h2>
          {team.collectors.length === 0 && <p className="muted">No collectors yet.</p>}
          <ul>
            {team.collectors.map((collector) => (
              <li key={collector.id}>
                {collector.name} (collector {collector.id}) · weight {collector.weight} · {collector.load} of {collector.capacity} cases ·
                stages {collector.stageCodes.length > 0 ? collector.stageCodes.join(', ') : 'all'}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <form
        className="card stack"
        aria-label="Add a team"
        onSubmit={(event) => {
          event.preventDefault();
          addTeam.mutate({
            market: value(event, 'market') as 'IN' | 'ID',
            name: value(event, 'name'),
            kind: value(event, 'kind') as 'in_house' | 'agency',
            contact: value(event, 'contact'),
          });
        }}
      >
        <h2>Add a team</h2>
        <label>
          Market
          <select name="market" defaultValue="IN">
            <option value="IN">India</option>
            <option value="ID">Indonesia</option>
          </select>
        </label>
        <label>
          Name
          <input name="name" required minLength={2} maxLength={120} />
        </label>
        <label>
          Kind
          <select name="kind" defaultValue="in_house">
            <option value="in_house">In-house</option>
            <option value="agency">Outside agency</option>
          </select>
        </label>
        <label>
          Agency’s phone and address (told to the borrower before it calls)
          <input name="contact" maxLength={300} />
        </label>
        <ErrorLine error={addTeam.error} />
        <button type="submit" disabled={addTeam.isPending}>
          Add the team
        </button>
      </form>
      <form
        className="card stack"
        aria-label="Add a collector"
        onSubmit={(event) => {
          event.preventDefault();
          const stages = value(event, 'stages').trim();
          addCollector.mutate({
            operatorId: Number(value(event, 'operatorId')),
            teamId: Number(value(event, 'teamId')),
            weight: Number(value(event, 'weight')),
            capacity: Number(value(event, 'capacity')),
            stageCodes: stages ? stages.split(/[\s,]+/) : [],
          });
        }}
      >
        <h2>Add a collector</h2>
        <label>
          Operator id
          <input name="operatorId" type="number" min={1} required />
        </label>
        <label>
          Team id
          <input name="teamId" type="number" min={1} required />
        </label>
        <label>
          Weight
          <input name="weight" type="number" min={1} max={100} defaultValue={1} required />
        </label>
        <label>
          Capacity (open cases)
          <input name="capacity" type="number" min={0} defaultValue={100} required />
        </label>
        <label>
          Stages (codes, empty for all)
          <input name="stages" />
        </label>
        <ErrorLine error={addCollector.error} />
        <button type="submit" disabled={addCollector.isPending}>
          Add the collector
        </button>
      </form>
      <Stages market="IN" />
      <Stages market="ID" />
    </Page>
  );
};
