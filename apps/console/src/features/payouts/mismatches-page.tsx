/** What the daily payout reconciliation found (decision 140): unresolved first, each resolved with a note. */
import { PAYOUT_REASON_MAX, PAYOUT_REASON_MIN, type PayoutMismatchView, Permission } from '@kilat/contract/console/browser';
import { type FormEvent, useState } from 'react';
import { formatDateTime, MARKET_LABEL } from '@/shared/format';
import { ListPage } from '@/shared/list-page';
import { pageCount } from '@/shared/pager';
import { useSession } from '@/shared/session';
import type { Column } from '@/shared/table';
import { ErrorLine } from '@/shared/ui';
import { useMismatches } from './api/get-mismatches';
import { useResolveMismatch } from './api/resolve-mismatch';
import { KIND_LABEL, MOVEMENT_LABEL } from './labels';

const Resolve = ({ mismatch }: { mismatch: PayoutMismatchView }) => {
  const [note, setNote] = useState('');
  const resolve = useResolveMismatch();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await resolve.mutateAsync({ id: mismatch.id, note: note.trim() });
  };
  return (
    <form className="stack" aria-label={`Resolve mismatch ${mismatch.id}`} onSubmit={(event) => void submit(event).catch(() => undefined)}>
      <label>
        Note
        <input value={note} maxLength={PAYOUT_REASON_MAX} onChange={(event) => setNote(event.target.value)} />
      </label>
      <ErrorLine error={resolve.error} />
      <button type="submit" className="small" disabled={resolve.isPending || note.trim().length < PAYOUT_REASON_MIN}>
        Resolve
      </button>
    </form>
  );
};

export const MismatchesPage = () => {
  const { can } = useSession();
  const [page, setPage] = useState(1);
  const mismatches = useMismatches(page);
  const data = mismatches.data;
  const columns: Column<PayoutMismatchView>[] = [
    { header: 'Day', cell: (row) => row.businessDate },
    { header: 'Market', cell: (row) => `${MARKET_LABEL[row.market]} · ${row.gateway}` },
    { header: 'Found', cell: (row) => `${KIND_LABEL[row.kind]} (${MOVEMENT_LABEL[row.movement]})` },
    { header: 'Payout', cell: (row) => [row.reference, row.gatewayPayoutId].filter(Boolean).join(' · ') || '—', className: 'mono' },
    { header: 'Ledger', cell: (row) => row.ledgerAmount ?? '—', className: 'mono' },
    { header: 'Gateway', cell: (row) => row.gatewayAmount ?? '—', className: 'mono' },
    {
      header: 'Resolution',
      cell: (row) =>
        row.resolvedAt ? (
          <>
            {row.resolutionNote ?? 'resolved'}
            <span className="muted">
              {' '}
              · {row.resolvedBy?.name ?? 'someone'}, {formatDateTime(row.resolvedAt, row.market)}
            </span>
          </>
        ) : can(Permission.PayoutsWrite) ? (
          <Resolve mismatch={row} />
        ) : (
          <span className="badge flag">unresolved</span>
        ),
      className: 'detail-cell',
    },
  ];
  return (
    <ListPage
      title="Payout mismatches"
      error={mismatches.error}
      caption={data ? `${data.unresolved} unresolved of ${data.total}, unresolved first` : 'Loading the mismatches…'}
      columns={columns}
      rows={data?.items ?? []}
      rowKey={(row) => row.id}
      paging={{ page, pages: pageCount(data), onPage: setPage }}
    />
  );
};
