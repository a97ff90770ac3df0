/**
 * One complaint: its text and images, the replies, the reply form (template, text, up to 9 images),
 * assignment and close/reopen; beside it the borrower, the order and the chatbot history.
 */
import { Limits } from '@kilat/contract';
import { type ComplaintView, Permission, REPLY_TEXT_MAX } from '@kilat/contract/console/browser';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useOperators } from '@/shared/api/get-operators';
import { useTemplates } from '@/shared/api/get-templates';
import { formatDateOrDash, formatDateTime, MARKET_LABEL, orderStatusName, STATUS_LABEL } from '@/shared/format';
import { LedgerTables } from '@/shared/ledger-tables';
import { operatorChoice, SelectField } from '@/shared/select-field';
import { useSession } from '@/shared/session';
import { ErrorLine, Page, PageLoading, SlaBadge, Stars } from '@/shared/ui';
import { useAssign } from './api/assign-complaint';
import { useComplaint } from './api/get-complaint';
import { useOrderLedger } from './api/get-order-ledger';
import { useReply } from './api/reply-to-complaint';
import { useSetClosed } from './api/set-complaint-closed';

// spec §3's record types
const CHAT_RECORD_TYPE: Record<number, string> = { 1: 'Asked for a person', 2: 'Said resolved', 3: 'Rated', 4: 'Asked' };

const Images = ({ urls, label }: { urls: string[]; label: string }) =>
  urls.length === 0 ? null : (
    <ul className="images" aria-label={label}>
      {urls.map((url, index) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noreferrer">
            <img src={url} alt={`${label} ${index + 1}`} />
          </a>
        </li>
      ))}
    </ul>
  );

const ReplyForm = ({ complaint }: { complaint: ComplaintView }) => {
  const templates = useTemplates(complaint.problemType);
  const reply = useReply(complaint.id);
  const [text, setText] = useState('');
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [images, setImages] = useState<File[]>([]);
  const files = useRef<HTMLInputElement>(null);
  const tooMany = images.length > Limits.complaintImagesMax;
  const live = (templates.data ?? []).filter((template) => !template.retired);

  const chooseTemplate = (value: string) => {
    const template = live.find((entry) => entry.id === Number(value));
    setTemplateId(template?.id ?? null);
    // the borrower reads their market's language
    if (template) setText(complaint.market === 'IN' ? template.bodyEn : template.bodyId);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await reply.mutateAsync({ text, templateId, images });
    setText('');
    setTemplateId(null);
    setImages([]);
    if (files.current) files.current.value = '';
  };

  return (
    <form className="stack reply-form" onSubmit={(event) => void submit(event).catch(() => undefined)} aria-label="Reply">
      <h2>Reply</h2>
      <SelectField
        label="Template"
        value={templateId ?? ''}
        onChange={chooseTemplate}
        empty="No template"
        choices={live.map((template) => ({ value: template.id, label: template.name }))}
      />
      <label>
        Reply text ({complaint.market === 'IN' ? 'English' : 'Indonesian'})
        <textarea value={text} maxLength={REPLY_TEXT_MAX} rows={6} onChange={(event) => setText(event.target.value)} />
      </label>
      <label>
        Images (up to {Limits.complaintImagesMax})
        <input
          ref={files}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          onChange={(event) => setImages([...(event.target.files ?? [])])}
        />
      </label>
      {tooMany && (
        <p className="error" role="alert">
          At most {Limits.complaintImagesMax} images.
        </p>
      )}
      <ErrorLine error={reply.error} />
      <button type="submit" disabled={reply.isPending || tooMany || (text.trim() === '' && images.length === 0)}>
        {reply.isPending ? 'Sending…' : 'Send reply'}
      </button>
      {reply.isSuccess && <p role="status">Reply sent. The borrower sees it in the complaint's Process Result.</p>}
    </form>
  );
};

const Assignment = ({ complaint }: { complaint: ComplaintView }) => {
  const { session, can } = useSession();
  const reassigns = can(Permission.ComplaintsReassign);
  const operators = useOperators(reassigns);
  const assign = useAssign(complaint.id);
  const me = session!.operator;
  const eligible = (operators.data ?? []).filter(
    (operator) => !operator.disabled && (operator.role === 'supervisor' || (operator.role === 'agent' && !complaint.collection)),
  );
  return (
    <div className="assignment">
      <p>
        Assignee: <strong>{complaint.assignee?.name ?? 'nobody'}</strong>
      </p>
      {!reassigns && complaint.assignee === null && (
        <button type="button" onClick={() => assign.mutate(me.id)} disabled={assign.isPending}>
          Take this complaint
        </button>
      )}
      {reassigns && (
        <SelectField
          label="Assign to"
          value={complaint.assignee?.id ?? ''}
          onChange={(value) => assign.mutate(value ? Number(value) : null)}
          disabled={assign.isPending}
          empty="Nobody"
          choices={eligible.map(operatorChoice)}
        />
      )}
      <ErrorLine error={assign.error} />
    </div>
  );
};

/** The order's money as the lending core replays it: balances by period, and what each ledger row paid. */
function OrderLedger({ id }: { id: number }) {
  const ledger = useOrderLedger(id);
  if (!ledger.data) return null;
  const data = ledger.data;
  return (
    <section className="card" aria-labelledby="ledger-title">
      <h2 id="ledger-title">Ledger</h2>
      <dl>
        <dt>Outstanding</dt>
        <dd>{data.outstanding}</dd>
        <dt>Penalties owed</dt>
        <dd>{data.penaltyOwed}</dd>
      </dl>
      <LedgerTables ledger={data} />
    </section>
  );
}

/** Where the reply form would be when this operator may not answer: why not, and what to do. */
const NoReply = ({ complaint, me }: { complaint: ComplaintView; me: number }) => {
  if (complaint.score !== null) return <p className="notice">The borrower rated the answer: the complaint is closed.</p>;
  if (complaint.status === 'closed') return <p className="notice">The complaint is closed: reopen it to reply.</p>;
  if (complaint.assignee && complaint.assignee.id !== me) {
    return <p className="notice">Assigned to {complaint.assignee.name}: only they answer it, unless a supervisor reassigns it.</p>;
  }
  return null;
};

export const ComplaintPage = ({ id }: { id: number }) => {
  const { session, can } = useSession();
  const complaint = useComplaint(id);
  const setClosed = useSetClosed(id);
  const data = complaint.data;
  if (!data) return <PageLoading title={`Complaint #${id}`} error={complaint.error} />;
  const closed = data.status === 'closed';
  const me = session!.operator.id;
  const mayReply = !closed && (data.assignee === null || data.assignee.id === me);
  return (
    <Page
      title={`Complaint #${id}`}
      actions={
        <div className="actions">
          <Link href="/complaints">Back to the queue</Link>
          {data.score === null && (
            <button type="button" onClick={() => setClosed.mutate(!closed)} disabled={setClosed.isPending}>
              {closed ? 'Reopen' : 'Close'}
            </button>
          )}
        </div>
      }
    >
      <ErrorLine error={setClosed.error} />
      <div className="two-columns">
        <div className="stack">
          <section className="card" aria-label="Complaint">
            <p className="meta">
              <span>{data.typeTitle}</span>
              {data.sonTypeTitle && <span>{data.sonTypeTitle}</span>}
              {data.collection && <span className="badge flag">Collection · supervisor</span>}
              <span>{STATUS_LABEL[data.status]}</span>
              <SlaBadge state={data.sla} dueAt={data.slaDueAt} market={data.market} />
              <span>Received {formatDateTime(data.createdAt, data.market)}</span>
            </p>
            <p className="complaint-text">{data.detail}</p>
            <Images urls={data.images} label="Borrower's image" />
            <p>
              Rating: <Stars score={data.score} />
            </p>
            <Assignment complaint={data} />
          </section>
          <section className="card" aria-label="Replies">
            <h2>Replies</h2>
            {data.replies.length === 0 && <p className="muted">No reply yet.</p>}
            <ol className="replies">
              {data.replies.map((reply) => (
                <li key={reply.id}>
                  <p className="muted">
                    {reply.author} · {formatDateTime(reply.createdAt, data.market)}
                  </p>
                  <p className="complaint-text">{reply.text}</p>
                  <Images urls={reply.images} label="Reply image" />
                </li>
              ))}
            </ol>
          </section>
          {mayReply ? <ReplyForm complaint={data} /> : <NoReply complaint={data} me={me} />}
        </div>
        <aside className="stack" aria-label="Borrower">
          <section className="card">
            <h2>Borrower</h2>
            <dl>
              <dt>Name</dt>
              <dd>
                {can(Permission.BorrowersRead) ? (
                  <Link href={`/borrowers/${data.borrower.id}`}>{data.borrower.name || `Borrower ${data.borrower.id}`}</Link>
                ) : (
                  data.borrower.name || '—'
                )}
              </dd>
              <dt>Phone</dt>
              <dd>{data.borrower.phone}</dd>
              <dt>Market</dt>
              <dd>{MARKET_LABEL[data.borrower.market]}</dd>
            </dl>
          </section>
          <section className="card">
            <h2>Order</h2>
            <dl>
              <dt>Order no.</dt>
              <dd>
                {can(Permission.BorrowersRead) ? <Link href={`/orders/${data.order.id}`}>{data.order.orderNo}</Link> : data.order.orderNo}
              </dd>
              <dt>Status</dt>
              <dd>{orderStatusName(data.order.status)}</dd>
              <dt>Amount</dt>
              <dd>{data.order.principal}</dd>
              <dt>Applied</dt>
              <dd>{formatDateTime(data.order.appliedAt, data.market)}</dd>
              <dt>Due</dt>
              <dd>{formatDateOrDash(data.order.dueDate)}</dd>
            </dl>
          </section>
          <OrderLedger id={id} />
          <section className="card">
            <h2>Chat history</h2>
            {data.chatRecords.length === 0 && <p className="muted">No chatbot records.</p>}
            <ol className="chat">
              {data.chatRecords.map((record) => (
                <li key={record.id}>
                  <p className="muted">
                    {CHAT_RECORD_TYPE[record.type] ?? `Type ${record.type}`} · {formatDateTime(record.createdAt, data.market)}
                    {record.orderNo && ` · ${record.orderNo}`}
                  </p>
                  <p>{record.question || record.value}</p>
                  {record.question && record.value && record.value !== record.question && <p className="muted">{record.value}</p>}
                </li>
              ))}
            </ol>
          </section>
        </aside>
      </div>
    </Page>
  );
};
