/**
 * The approvals inbox (issue 47, decision 239): every maker-checker request still waiting — waivers,
 * write-offs, refunds, large offline repayments, reversals, settlement offers, rule exceptions, coupon issues — those
 * the operator may decide first, each with its reason, evidence and a link to its order. Approve and
 * reject call the request's own decide call; a rule exception is decided on the review queue.
 */
import { type ApprovalInboxItem, ApprovalKinds } from '@kilat/contract/console/browser';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime, MARKET_LABEL } from '@/shared/format';
import { type Column, Table } from '@/shared/table';
import { ErrorLine, Page, PageLoading } from '@/shared/ui';
import { keepsCheckerReason, useDecideApproval } from './api/decide-approval';
import { useApprovals } from './api/get-approvals';

const nameOf = (item: ApprovalInboxItem) => `${ApprovalKinds[item.kind].label.toLowerCase()} ${item.id}`;

const Decide = ({ item, decide }: { item: ApprovalInboxItem; decide: ReturnType<typeof useDecideApproval> }) => {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  if (!item.mayDecide) return <span>{item.whyNot}</span>;
  if (!ApprovalKinds[item.kind].decide) return <Link href={item.link}>Decide on the review queue</Link>;
  const withReason = keepsCheckerReason(item.kind);
  const send = (approve: boolean) => {
    const given = reason.trim();
    // a rejection says why: the maker reads it on the request (issue 47 item 10)
    if (withReason && !approve && given.length < 3) {
      setMissing(true);
      return;
    }
    setMissing(false);
    decide.mutate({ item, approve, ...(withReason && given ? { reason: given } : {}) });
  };
  return (
    <div className="stack">
      {withReason && (
        <label>
          Your reason for {nameOf(item)}
          <input value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </label>
      )}
      {missing && (
        <p className="error" role="alert">
          Say why you reject {nameOf(item)} (3 characters or more).
        </p>
      )}
      <div className="actions">
        <button type="button" disabled={decide.isPending} onClick={() => send(true)}>
          Approve {nameOf(item)}
        </button>
        <button type="button" disabled={decide.isPending} onClick={() => send(false)}>
          Reject {nameOf(item)}
        </button>
      </div>
    </div>
  );
};

export const ApprovalsPage = () => {
  const approvals = useApprovals();
  const decide = useDecideApproval();
  if (!approvals.data) return <PageLoading title="Approvals" error={approvals.error} />;
  const columns: Column<ApprovalInboxItem>[] = [
    { header: 'Request', cell: (item) => ApprovalKinds[item.kind].label, rowHeader: true },
    {
      header: 'Order',
      // a coupon issue has no order: its campaign, on the Coupons screen
      cell: (item) =>
        item.orderNo === null ? (
          <Link href={item.link}>{item.subject}</Link>
        ) : (
          <Link href={item.link} className="mono">
            {item.orderNo}
          </Link>
        ),
    },
    { header: 'Market', cell: (item) => MARKET_LABEL[item.market] },
    { header: 'Amount', cell: (item) => item.amount ?? '—', className: 'mono' },
    { header: 'Asked by', cell: (item) => item.requestedBy.name },
    { header: 'Asked', cell: (item) => formatDateTime(item.requestedAt, item.market) },
    {
      header: 'Reason and evidence',
      cell: (item) => (
        <>
          <p>{item.reason}</p>
          {item.evidence.length > 0 && (
            <ul>
              {item.evidence.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </>
      ),
    },
    { header: 'Decision', cell: (item) => <Decide item={item} decide={decide} /> },
  ];
  const mine = approvals.data.items.filter((item) => item.mayDecide);
  const others = approvals.data.items.filter((item) => !item.mayDecide);
  return (
    <Page title="Approvals">
      <ErrorLine error={decide.error} />
      {decide.data && (
        <p role="status">
          {decide.data.approve ? 'Approved' : 'Rejected'}: {nameOf(decide.data.item)}
          {decide.data.item.orderNo === null ? ` of ${decide.data.item.subject}` : ` on order ${decide.data.item.orderNo}`}.
        </p>
      )}
      <Table
        className="grid"
        caption={mine.length ? `Waiting for you: ${mine.length}, oldest first` : 'Nothing is waiting for you'}
        columns={columns}
        rows={mine}
        rowKey={(item) => item.key}
      />
      <Table
        className="grid"
        caption={others.length ? `Waiting for another operator: ${others.length}, oldest first` : 'Nothing is waiting for another operator'}
        columns={columns}
        rows={others}
        rowKey={(item) => item.key}
      />
    </Page>
  );
};
