/**
 * A collections case (issue 46): the borrower, what the loan owes today by component (the replay loan
 * details reads), its classes, allocations, repayments, contacts, promises, flags and settlements;
 * log a contact, record a promise, send an SMS, set or lift a flag, offer or decide a settlement.
 * The server refuses a contact outside the hours, beyond the cap or while a flag is set, with why.
 */
import {
  type CasePage as CaseView,
  CollectionSmsTemplates,
  ContactChannels,
  ContactOutcomes,
  ContactStopKinds,
  Permission,
} from '@kilat/contract/console/browser';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { formatDate, formatDateOrDash, formatDateTime, MARKET_LABEL } from '@/shared/format';
import { useSession } from '@/shared/session';
import { ErrorLine, Page } from '@/shared/ui';
import {
  useDecideSettlement,
  useLiftStop,
  useLogContact,
  useMakePromise,
  useOfferSettlement,
  useSendSms,
  useSetStop,
} from './api/case-actions';
import { useCase } from './api/get-case';

const words = (code: string) => code.replaceAll('_', ' ');
const field = (event: FormEvent<HTMLFormElement>, name: string) => String(new FormData(event.currentTarget).get(name) ?? '');
/** An amount typed in rupees or rupiah, as whole minor units. */
const minorOf = (typed: string) => Math.round(Number(typed.replace(/[^\d.]/g, '')) * 100);

const ContactForms = ({ view }: { view: CaseView }) => {
  const id = view.case.caseId;
  const contact = useLogContact(id);
  const promise = useMakePromise(id);
  const sms = useSendSms(id);
  const stop = useSetStop(id);
  return (
    <div className="stack">
      <form
        className="card stack"
        aria-label="Log a contact"
        onSubmit={(event) => {
          event.preventDefault();
          const followUp = field(event, 'followUpAt');
          contact.mutate({
            channel: field(event, 'channel') as (typeof ContactChannels)[number],
            outcome: field(event, 'outcome') as (typeof ContactOutcomes)[number],
            note: field(event, 'note'),
            // the operator's own clock reads the time typed: the browser's zone turns it into an instant
            ...(followUp ? { followUpAt: new Date(followUp).toISOString() } : {}),
          });
        }}
      >
        <h2>Log a contact</h2>
        <label>
          Channel
          <select name="channel" defaultValue="call">
            {ContactChannels.map((channel) => (
              <option key={channel} value={channel}>
                {words(channel)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Outcome
          <select name="outcome" defaultValue="spoke_to_borrower">
            {ContactOutcomes.filter((outcome) => outcome !== 'sms_sent').map((outcome) => (
              <option key={outcome} value={outcome}>
                {words(outcome)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Note
          <textarea name="note" maxLength={1000} />
        </label>
        <label>
          Follow up at (optional, your time)
          <input name="followUpAt" type="datetime-local" />
        </label>
        <ErrorLine error={contact.error} />
        {contact.isSuccess && <p role="status">Contact logged.</p>}
        <button type="submit" disabled={contact.isPending}>
          Log the contact
        </button>
      </form>
      <form
        className="card stack"
        aria-label="Record a promise to pay"
        onSubmit={(event) => {
          event.preventDefault();
          promise.mutate({ amountMinor: minorOf(field(event, 'amount')), promisedOn: field(event, 'promisedOn') });
        }}
      >
        <h2>Promise to pay</h2>
        <label>
          Amount
          <input name="amount" inputMode="decimal" required />
        </label>
        <label>
          By
          <input name="promisedOn" type="date" required />
        </label>
        <ErrorLine error={promise.error} />
        {promise.isSuccess && <p role="status">Promise recorded.</p>}
        <button type="submit" disabled={promise.isPending}>
          Record the promise
        </button>
      </form>
      <form
        className="card stack"
        aria-label="Send a collection SMS"
        onSubmit={(event) => {
          event.preventDefault();
          sms.mutate({ template: field(event, 'template') as (typeof CollectionSmsTemplates)[number] });
        }}
      >
        <h2>Send an SMS</h2>
        <label>
          Template
          <select name="template" defaultValue="reminder">
            {CollectionSmsTemplates.map((template) => (
              <option key={template} value={template}>
                {words(template)}
              </option>
            ))}
          </select>
        </label>
        <ErrorLine error={sms.error} />
        {sms.data && <p role="status">Sent: {sms.data.text}</p>}
        <button type="submit" disabled={sms.isPending}>
          Send the SMS
        </button>
      </form>
      <form
        className="card stack"
        aria-label="Stop contact"
        onSubmit={(event) => {
          event.preventDefault();
          stop.mutate({ kind: field(event, 'kind') as (typeof ContactStopKinds)[number], reason: field(event, 'reason') });
        }}
      >
        <h2>Stop contact</h2>
        <label>
          Flag
          <select name="kind" defaultValue="do_not_contact">
            {ContactStopKinds.map((kind) => (
              <option key={kind} value={kind}>
                {words(kind)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Reason
          <textarea name="reason" required minLength={3} maxLength={500} />
        </label>
        <ErrorLine error={stop.error} />
        <button type="submit" disabled={stop.isPending}>
          Set the flag
        </button>
      </form>
    </div>
  );
};

const Settlement = ({ view }: { view: CaseView }) => {
  const { session } = useSession();
  const offer = useOfferSettlement(view.case.caseId);
  const decide = useDecideSettlement();
  return (
    <section className="stack" aria-label="Settlement">
      <h2>One-time settlement</h2>
      {view.settlements.map((row) => (
        <p key={row.id}>
          {row.amount} of {row.owed} by {formatDate(row.validUntil)} — {row.status}
          {row.waived && `, ${row.waived} waived`} · “{row.reason}”
          {row.status === 'pending' && (
            <>
              {' '}
              <button type="button" onClick={() => decide.mutate({ id: row.id, approve: true })}>
                Approve
              </button>{' '}
              <button type="button" onClick={() => decide.mutate({ id: row.id, approve: false })}>
                Reject
              </button>
            </>
          )}
        </p>
      ))}
      <ErrorLine error={decide.error} />
      {!view.case.closedOn && (
        <form
          className="card stack"
          aria-label="Offer a settlement"
          onSubmit={(event) => {
            event.preventDefault();
            offer.mutate({
              amountMinor: minorOf(field(event, 'amount')),
              validUntil: field(event, 'validUntil'),
              reason: field(event, 'reason'),
            });
          }}
        >
          <label>
            Amount to close the loan
            <input name="amount" inputMode="decimal" required />
          </label>
          <label>
            Valid until
            <input name="validUntil" type="date" required />
          </label>
          <label>
            Reason (kept in the audit log)
            <textarea name="reason" required minLength={3} maxLength={500} />
          </label>
          <ErrorLine error={offer.error} />
          {offer.data?.status === 'pending' && (
            <p role="status">Offer waiting for a second supervisor ({session?.operator.name} cannot approve it).</p>
          )}
          <button type="submit" disabled={offer.isPending}>
            Offer the settlement
          </button>
        </form>
      )}
    </section>
  );
};

export const CasePage = ({ id }: { id: number }) => {
  const { can } = useSession();
  const found = useCase(id);
  const lift = useLiftStop();
  const view = found.data;
  if (!view) {
    return (
      <Page title="Case">
        <ErrorLine error={found.error} />
        {found.isPending && <p className="loading">Loading…</p>}
      </Page>
    );
  }
  const { case: kase, borrower, owedToday } = view;
  const market = kase.market;
  return (
    <Page title={`Case ${kase.orderNo}`} actions={<Link href="/collections">Back to the cases</Link>}>
      <p>
        {borrower.name} · {borrower.phone} · {MARKET_LABEL[market]} ({borrower.zone}
        {borrower.city ? `, ${borrower.city}` : ''}) · {kase.daysPastDue} days past due · {kase.classification} · stage {kase.stage ?? '–'}{' '}
        · collector {kase.collector?.name ?? 'none'}
        {kase.closedOn && ` · closed ${formatDate(kase.closedOn)} (${kase.closeReason})`}
      </p>
      <p className={view.contactAllowed.allowed ? 'muted' : 'notice'} role="status">
        {view.contactAllowed.allowed
          ? `Contact allowed now · ${borrower.contactsToday} of ${borrower.dailyCap} contacts today`
          : `No contact now: ${view.contactAllowed.reason}`}
      </p>
      <table className="grid">
        <caption>Owed today</caption>
        <tbody>
          <tr>
            <th scope="row">Total</th>
            <td>{owedToday.total}</td>
          </tr>
          <tr>
            <th scope="row">Penalty</th>
            <td>{owedToday.penalty}</td>
          </tr>
          <tr>
            <th scope="row">Fee</th>
            <td>{owedToday.fee}</td>
          </tr>
          <tr>
            <th scope="row">Interest</th>
            <td>{owedToday.interest}</td>
          </tr>
          <tr>
            <th scope="row">Principal</th>
            <td>{owedToday.principal}</td>
          </tr>
          <tr>
            <th scope="row">Due date</th>
            <td>{formatDateOrDash(owedToday.dueDate)}</td>
          </tr>
        </tbody>
      </table>
      <p>
        Repay link: <code>{view.repayLink}</code>
      </p>
      <div className="columns">
        <div className="stack">
          <h2>Promises</h2>
          {view.promises.length === 0 && <p className="muted">None.</p>}
          <ul>
            {view.promises.map((row) => (
              <li key={row.id}>
                {row.amount} by {formatDate(row.promisedOn)}: <strong>{row.status}</strong>
              </li>
            ))}
          </ul>
          <h2>Contacts</h2>
          {view.contacts.length === 0 && <p className="muted">None.</p>}
          <ul>
            {view.contacts.map((row) => (
              <li key={row.id}>
                {formatDateTime(row.at, market)} · {words(row.channel)} · {words(row.outcome)} · {row.by ?? 'system'}
                {row.followUpAt && ` · follow up ${formatDateTime(row.followUpAt, market)}`}
                {row.note && ` — ${row.note}`}
              </li>
            ))}
          </ul>
          <h2>Flags</h2>
          {view.stops.length === 0 && <p className="muted">None.</p>}
          <ul>
            {view.stops.map((row) => (
              <li key={row.id}>
                {words(row.kind)}: {row.reason} ({row.setBy ?? 'system'}, {formatDateTime(row.setAt, market)})
                {row.liftedAt
                  ? ` · lifted ${formatDateTime(row.liftedAt, market)}`
                  : can(Permission.CollectionsManage) && (
                      <>
                        {' '}
                        <button type="button" onClick={() => lift.mutate({ id: row.id, reason: 'Lifted by a supervisor' })}>
                          Lift
                        </button>
                      </>
                    )}
              </li>
            ))}
          </ul>
          <ErrorLine error={lift.error} />
          <h2>Repayments</h2>
          <ul>
            {view.repayments.map((row) => (
              <li key={`${row.on}-${row.amount}`}>
                {row.on} · {row.amount}
              </li>
            ))}
          </ul>
          <h2>Classes and allocations</h2>
          <ul>
            {view.classifications.map((row) => (
              <li key={row.on}>
                {row.on}: {row.classification} ({row.daysPastDue} days)
              </li>
            ))}
            {view.allocations.map((row) => (
              <li key={row.at + row.action}>
                {formatDateTime(row.at, market)}: {row.action} {row.collector ?? ''} {row.stage ?? ''} — {row.reason}
              </li>
            ))}
          </ul>
        </div>
        {!kase.closedOn && <ContactForms view={view} />}
      </div>
      {can(Permission.CollectionsManage) && <Settlement view={view} />}
    </Page>
  );
};
