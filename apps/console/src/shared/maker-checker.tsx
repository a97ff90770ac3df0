/**
 * Maker-checker (decisions 157, 163, 164): one operator asks, another decides. The block lists a
 * thing's requests — who asked and when, how much, why, where it stands, who decided — and offers
 * approve and reject to an operator who holds the approving permission and is not the maker. The
 * server refuses a maker's own decision too; the page only does not offer it.
 */
import type { Market } from '@kilat/contract';
import type { Permission } from '@kilat/contract/console/browser';
import { useState } from 'react';
import { formatDateTime } from './format';
import { useSession } from './session';
import { type Column, Table } from './table';
import { ErrorLine } from './ui';

/** A request as the console's maker-checker calls answer it (a waiver, a write-off, a refund). */
export interface MakerCheckerRequest {
  id: number;
  /** as the market writes it */
  amount: string;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  requestedBy: { id: number; name: string };
  requestedAt: string;
  /** null while pending, and when it was posted at once (at or under the approval amount) */
  decidedBy: { id: number; name: string } | null;
  decidedAt: string | null;
  /** the checker's own reason, when the request keeps one (decision 277) */
  decisionReason?: string | null;
}

/** Approve or reject one request: a TanStack mutation of `{ id, approve }` fits. */
export interface Decision {
  mutate: (input: { id: number; approve: boolean; reason?: string }) => void;
  isPending: boolean;
  error: unknown;
}

const STATUS = { pending: 'Waiting for approval', approved: 'Approved', rejected: 'Rejected' } as const;

interface Checker {
  /** may this operator approve at all (their role's permission) */
  allowed: boolean;
  /** the signed-in operator: never the checker of their own request */
  me: number;
  decision: Decision;
  /** the request keeps the checker's reason: a field for it beside the buttons */
  withReason?: boolean;
}

/** Approve and reject, with the checker's reason when the request keeps one (asked for a rejection). */
const CheckerButtons = ({ id, noun, checker }: { id: number; noun: string; checker: Checker }) => {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const decide = (approve: boolean) => {
    const given = reason.trim();
    // a rejection says why: the maker reads it on the request (issue 47 item 10)
    if (checker.withReason && !approve && given.length < 3) {
      setMissing(true);
      return;
    }
    setMissing(false);
    checker.decision.mutate({ id, approve, ...(checker.withReason && given ? { reason: given } : {}) });
  };
  return (
    <div className="stack">
      {checker.withReason && (
        <label>
          Your reason for {noun} {id}
          <input value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </label>
      )}
      {missing && (
        <p className="error" role="alert">
          Say why you reject {noun} {id} (3 characters or more).
        </p>
      )}
      <div className="actions">
        <button type="button" onClick={() => decide(true)} disabled={checker.decision.isPending}>
          Approve {noun} {id}
        </button>
        <button type="button" onClick={() => decide(false)} disabled={checker.decision.isPending}>
          Reject {noun} {id}
        </button>
      </div>
    </div>
  );
};

/**
 * The columns of a maker-checker request, its buttons named "Approve <noun> <id>" for a checker
 * who is not its maker; for a list of requests of many things (an approvals inbox) as for one.
 */
export const makerCheckerColumns = <Row extends MakerCheckerRequest>(market: Market, noun: string, checker: Checker): Column<Row>[] => [
  { header: 'Asked', cell: (row) => formatDateTime(row.requestedAt, market) },
  { header: 'By', cell: (row) => row.requestedBy.name },
  { header: 'Amount', cell: (row) => row.amount },
  { header: 'Reason', cell: (row) => row.reason },
  { header: 'Status', cell: (row) => STATUS[row.status] },
  {
    header: 'Decided',
    cell: (row) =>
      row.status === 'pending' ? (
        checker.allowed && row.requestedBy.id !== checker.me ? (
          <CheckerButtons id={row.id} noun={noun} checker={checker} />
        ) : (
          <span className="muted">another operator decides</span>
        )
      ) : (
        <>
          {`${row.decidedBy?.name ?? 'under the approval amount'}${row.decidedAt ? ` · ${formatDateTime(row.decidedAt, market)}` : ''}`}
          {row.decisionReason && <p className="muted">“{row.decisionReason}”</p>}
        </>
      ),
  },
];

interface MakerCheckerProps<Row extends MakerCheckerRequest> {
  /** the table's caption: whose requests ("Waivers of this order") */
  caption: string;
  /** one request's name on its buttons: "waiver" makes "Approve waiver 12" */
  noun: string;
  /** the market whose clock the times are read on */
  market: Market;
  requests: readonly Row[];
  /** the permission that may approve; the maker never may, whatever their role */
  approver: Permission;
  decision: Decision;
  /** columns after the request's own (a refund's payout) */
  more?: Column<Row>[];
  /** the request keeps the checker's reason (decision 277) */
  withReason?: boolean;
}

/** A thing's maker-checker requests with the decision's error above them. */
export function MakerChecker<Row extends MakerCheckerRequest>({
  caption,
  noun,
  market,
  requests,
  approver,
  decision,
  more = [],
  withReason = false,
}: MakerCheckerProps<Row>) {
  const { session, can } = useSession();
  const columns = [
    ...makerCheckerColumns<Row>(market, noun, { allowed: can(approver), me: session!.operator.id, decision, withReason }),
    ...more,
  ];
  return (
    <>
      <ErrorLine error={decision.error} />
      <Table caption={caption} columns={columns} rows={requests} rowKey={(row) => row.id} />
    </>
  );
}
