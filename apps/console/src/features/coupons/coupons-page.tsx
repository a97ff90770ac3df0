/**
 * The Coupons screen (issue 50, decisions 253–254): a supervisor's campaigns with their cost and
 * effect; create, pause, resume; issue a list or everyone campaign (a second operator above the
 * threshold); the per-day figures and their CSV.
 */
import { type CouponCampaignView, Permission } from '@kilat/contract/console/browser';
import { type FormEvent, useState } from 'react';
import { MARKET_LABEL } from '@/shared/format';
import { useSession } from '@/shared/session';
import { type Column, Table } from '@/shared/table';
import { ErrorLine, Page } from '@/shared/ui';
import { useCreateCampaign } from './api/create-campaign';
import { useCampaigns } from './api/get-campaigns';
import { usePauseCampaign } from './api/pause-campaign';
import { CouponFigures } from './figures';
import { IssueForm } from './issue-form';
import { CouponIssues } from './issues';

const KIND_LABEL = {
  amount_off: 'Amount off fees and interest',
  percent_off_interest: '% off interest',
  interest_free_days: 'Interest-free days',
} as const;
const AUDIENCE_LABEL = {
  first_loan: 'New borrowers at first loan',
  repaid_on_time: 'Repaid on time',
  list: 'Uploaded list',
  everyone: 'Everyone',
} as const;

/** minor units as whole money of the market: 100 minor units to one rupee or rupiah */
const whole = (minor: number) => (minor / 100).toFixed(2);
const shownValue = (row: CouponCampaignView) =>
  row.kind === 'amount_off' ? whole(row.value) : row.kind === 'percent_off_interest' ? `${row.value / 100} %` : `${row.value} days`;

const CreateForm = () => {
  const create = useCreateCampaign();
  const [form, setForm] = useState({
    name: '',
    market: 'IN' as 'IN' | 'ID',
    kind: 'amount_off' as CouponCampaignView['kind'],
    value: '',
    audience: 'list' as CouponCampaignView['audience'],
    validDays: '30',
    minAmount: '0',
    budget: '',
  });
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await create.mutateAsync({
      name: form.name.trim(),
      market: form.market,
      kind: form.kind,
      // amounts are typed in whole money, rates in percent
      value: form.kind === 'interest_free_days' ? Number(form.value) : Math.round(Number(form.value) * 100),
      audience: form.audience,
      validDays: Number(form.validDays),
      minAmountMinor: Math.round(Number(form.minAmount) * 100),
      budgetMinor: Math.round(Number(form.budget) * 100),
    });
    setForm({ ...form, name: '', value: '', budget: '' });
  };
  return (
    <form className="stack" aria-label="New campaign" onSubmit={(event) => void submit(event).catch(() => undefined)}>
      <label>
        Name
        <input value={form.name} onChange={set('name')} required minLength={3} maxLength={100} />
      </label>
      <label>
        Market
        <select value={form.market} onChange={set('market')}>
          <option value="IN">India</option>
          <option value="ID">Indonesia</option>
        </select>
      </label>
      <label>
        Type
        <select value={form.kind} onChange={set('kind')}>
          {Object.entries(KIND_LABEL).map(([kind, label]) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Value (money, percent or days)
        <input value={form.value} onChange={set('value')} inputMode="decimal" required />
      </label>
      <label>
        Who receives it
        <select value={form.audience} onChange={set('audience')}>
          {Object.entries(AUDIENCE_LABEL).map(([audience, label]) => (
            <option key={audience} value={audience}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Valid for days after issue
        <input value={form.validDays} onChange={set('validDays')} inputMode="numeric" required />
      </label>
      <label>
        Minimum repayment
        <input value={form.minAmount} onChange={set('minAmount')} inputMode="decimal" />
      </label>
      <label>
        Budget
        <input value={form.budget} onChange={set('budget')} inputMode="decimal" required />
      </label>
      <ErrorLine error={create.error} />
      <button type="submit" disabled={create.isPending}>
        Create campaign
      </button>
    </form>
  );
};

export const CouponsPage = () => {
  const { can } = useSession();
  const campaigns = useCampaigns();
  const pause = usePauseCampaign();
  const columns: Column<CouponCampaignView>[] = [
    { header: 'Campaign', cell: (row) => `${row.name} · ${MARKET_LABEL[row.market]}` },
    { header: 'Type', cell: (row) => `${KIND_LABEL[row.kind]}: ${shownValue(row)}` },
    { header: 'Audience', cell: (row) => AUDIENCE_LABEL[row.audience] },
    { header: 'Budget', cell: (row) => whole(row.budgetMinor), className: 'mono' },
    { header: 'Issued', cell: (row) => row.issued, className: 'mono' },
    { header: 'Used', cell: (row) => row.used, className: 'mono' },
    { header: 'Expired', cell: (row) => row.expired, className: 'mono' },
    { header: 'Discounted', cell: (row) => whole(row.discountedMinor), className: 'mono' },
    {
      header: 'State',
      cell: (row) =>
        can(Permission.CouponsWrite) ? (
          <button
            type="button"
            className="small"
            disabled={pause.isPending}
            onClick={() => pause.mutate({ id: row.id, paused: !row.paused })}
          >
            {row.paused ? `Resume ${row.name}` : `Pause ${row.name}`}
          </button>
        ) : row.paused ? (
          'paused'
        ) : (
          'running'
        ),
    },
  ];
  const rows = campaigns.data ?? [];
  return (
    <Page title="Coupons">
      {can(Permission.CouponsWrite) && <CreateForm />}
      <ErrorLine error={campaigns.error ?? pause.error} />
      <Table
        className="grid"
        caption={campaigns.data ? `${rows.length} campaigns, newest first` : 'Loading the campaigns…'}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
      />
      {can(Permission.CouponsWrite) && campaigns.data && <IssueForm campaigns={rows} />}
      <CouponIssues />
      <CouponFigures />
    </Page>
  );
};
