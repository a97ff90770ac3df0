/**
 * The control matrix (issue 47, decisions 232 and 275): per market and action, how much one order and
 * one operator may move in a business day without a second person. Risk and admin read it; an admin
 * changes one market and action with a reason, which the audit log keeps with the limits before and
 * after. Above either limit the server makes the request wait for a checker who is not the maker.
 */
import { type MoneyControlView, Permission } from '@kilat/contract/console/browser';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime, MARKET_LABEL } from '@/shared/format';
import { majorText, toMinor } from '@/shared/money-field';
import { ReasonForm } from '@/shared/reason-form';
import { MarketField, SelectField } from '@/shared/select-field';
import { useSession } from '@/shared/session';
import { type Column, Table } from '@/shared/table';
import { Page, PageLoading } from '@/shared/ui';
import { useChangeMoneyControl, useMoneyControls } from './api/money-controls';

type Action = MoneyControlView['action'];

const ACTION_LABEL: Record<Action, string> = {
  penalty_waiver: 'Penalty waiver',
  write_off: 'Write-off',
  offline_repayment: 'Offline repayment',
};

const COLUMNS: Column<MoneyControlView>[] = [
  { header: 'Action', cell: (row) => ACTION_LABEL[row.action], rowHeader: true },
  { header: 'Alone per order a day', cell: (row) => row.orderDay },
  { header: 'Alone per operator a day', cell: (row) => row.operatorDay },
  {
    header: 'Last changed',
    cell: (row) =>
      row.updatedBy && row.updatedAt ? `${row.updatedBy.name} · ${formatDateTime(row.updatedAt, row.market)}` : 'Configured default',
  },
];

const ChangeForm = ({ matrix }: { matrix: MoneyControlView[] }) => {
  const change = useChangeMoneyControl();
  const [market, setMarket] = useState<'IN' | 'ID'>('IN');
  const [action, setAction] = useState<Action>('penalty_waiver');
  const current = matrix.find((row) => row.market === market && row.action === action);
  const [typed, setTyped] = useState<{ key: string; order: string; operator: string } | null>(null);
  const key = `${market}:${action}`;
  // the fields start from the limits in force for the chosen market and action
  const fields =
    typed?.key === key
      ? typed
      : { key, order: current ? majorText(current.orderDayMinor) : '', operator: current ? majorText(current.operatorDayMinor) : '' };
  return (
    <ReasonForm
      label="Change a limit"
      reasonLabel="Reason for the change"
      confirmLabel="Change the limits"
      className="stack"
      change={change}
      onConfirm={({ reason }, clear) =>
        change.mutate(
          { market, action, orderDayMinor: toMinor(fields.order), operatorDayMinor: toMinor(fields.operator), reason },
          {
            onSuccess: () => {
              clear();
              setTyped(null);
            },
          },
        )
      }
      outcome={
        change.data && (
          <p role="status">
            {`${MARKET_LABEL[change.data.market]}, ${ACTION_LABEL[change.data.action].toLowerCase()}: ${change.data.orderDay} per order and ${change.data.operatorDay} per operator a day without a second person.`}
          </p>
        )
      }
    >
      <MarketField value={market} onChange={(chosen) => chosen && setMarket(chosen)} />
      <SelectField
        label="Action"
        value={action}
        onChange={(chosen) => setAction(chosen as Action)}
        choices={(Object.keys(ACTION_LABEL) as Action[]).map((value) => ({ value, label: ACTION_LABEL[value] }))}
      />
      <label>
        Alone per order a day ({market === 'IN' ? 'rupees' : 'rupiah'})
        <input
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required
          value={fields.order}
          onChange={(event) => setTyped({ ...fields, order: event.target.value })}
        />
      </label>
      <label>
        Alone per operator a day, over every order ({market === 'IN' ? 'rupees' : 'rupiah'})
        <input
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required
          value={fields.operator}
          onChange={(event) => setTyped({ ...fields, operator: event.target.value })}
        />
      </label>
    </ReasonForm>
  );
};

export const ControlsPage = () => {
  const { can } = useSession();
  const matrix = useMoneyControls();
  if (!matrix.data) return <PageLoading title="Control matrix" error={matrix.error} />;
  return (
    <Page title="Control matrix">
      <p>
        What one operator may move without a second person, summed over the market's business day: on one order, and by one operator over
        every order. Above either, the request waits for another operator; a refund and a reversal always wait. The maker never approves
        their own.
      </p>
      {(['IN', 'ID'] as const).map((market) => (
        <section key={market} className="card" aria-labelledby={`controls-${market}`}>
          <h2 id={`controls-${market}`}>{MARKET_LABEL[market]}</h2>
          <Table
            caption={`Limits in ${MARKET_LABEL[market]}`}
            columns={COLUMNS}
            rows={matrix.data.filter((row) => row.market === market)}
            rowKey={(row) => row.action}
          />
        </section>
      ))}
      {can(Permission.ControlsWrite) && (
        <section className="card" aria-labelledby="controls-change">
          <h2 id="controls-change">Change a limit</h2>
          <ChangeForm matrix={matrix.data} />
        </section>
      )}
      {can(Permission.AuditRead) && (
        <p>
          Every change, with the limits before and after and its reason, is in the <Link href="/audit">audit log</Link>{' '}
          (money-controls.change).
        </p>
      )}
    </Page>
  );
};
