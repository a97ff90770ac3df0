/** An order's penalty waivers: ask for one with a reason; another operator approves those above the configured amount (decision 157). */
import { type OrderPageView, Permission, type WaiverView } from '@kilat/contract/console/browser';
import { type FormEvent, useState } from 'react';
import { useSession } from '@/shared/session';
import { Table } from '@/shared/table';
import { ErrorLine } from '@/shared/ui';
import { useDecideWaiver, useRequestWaiver } from './api/waivers';
import { requestColumns } from './request-columns';

// minor units are hundredths in both markets (paise, sen)
const toMinor = (major: string) => Math.round(Number(major) * 100);

export const Waivers = ({ view }: { view: OrderPageView }) => {
  const { session, can } = useSession();
  const ask = useRequestWaiver(view.order.id);
  const decide = useDecideWaiver(view.order.id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const me = session!.operator.id;
  const market = view.order.market;
  const maxMajor = view.penaltyOwedMinor / 100;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate(
      { amountMinor: toMinor(amount), reason },
      {
        onSuccess: () => {
          setAmount('');
          setReason('');
        },
      },
    );
  };
  const columns = requestColumns<WaiverView>(market, 'waiver', {
    allowed: can(Permission.WaiversApprove),
    me,
    pending: decide.isPending,
    run: (id, approve) => decide.mutate({ id, approve }),
  });
  return (
    <section className="card" aria-labelledby="waivers-title">
      <h2 id="waivers-title">Penalty waivers</h2>
      <ErrorLine error={decide.error} />
      <Table caption="Waivers of this order" columns={columns} rows={view.waivers} rowKey={(waiver) => waiver.id} />
      {can(Permission.WaiversRequest) && view.penaltyOwedMinor > 0 && (
        <form className="stack narrow" onSubmit={submit} aria-label="Waive penalties">
          <label>
            Amount to waive (at most {maxMajor.toFixed(2)}; above {(view.waiverApprovalAboveMinor / 100).toFixed(2)} another operator
            approves)
            <input
              type="number"
              min={0.01}
              max={maxMajor}
              step={0.01}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              required
            />
          </label>
          <label>
            Reason
            <textarea value={reason} onChange={(event) => setReason(event.target.value)} minLength={3} maxLength={500} rows={2} required />
          </label>
          <ErrorLine error={ask.error} />
          <button type="submit" disabled={ask.isPending}>
            Ask to waive
          </button>
          {ask.data && (
            <p role="status">{ask.data.status === 'pending' ? 'Asked: another operator approves it.' : 'Waived: posted to the ledger.'}</p>
          )}
        </form>
      )}
    </section>
  );
};
