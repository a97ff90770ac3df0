/**
 * The reason-and-confirm form every console change of money or of a borrower's state goes through:
 * an amount where the change has one, the change's own fields, a reason the audit log keeps, the
 * server's refusal, one confirming button. It sits in the page (no modal): the operator reads what
 * the change does beside it.
 */
import { type FormEvent, type ReactNode, useState } from 'react';
import { MoneyField, toMinor } from './money-field';
import { ErrorLine } from './ui';

/** What the form shows of the change it sends: a TanStack mutation fits. */
export interface ChangeState {
  isPending: boolean;
  error: unknown;
}

interface ReasonFormProps {
  /** the form's accessible name: what confirming does ("Waive penalties") */
  label: string;
  /** the reason's label; "Reason" unless the form's other words need more */
  reasonLabel?: string;
  /** one line (an input) where the reason is a short note; a two-line box otherwise */
  short?: boolean;
  /** the amount the change moves, typed in rupees or rupiah: its label (say the limit) and the most it may be */
  amount?: { label: ReactNode; maxMinor: number };
  /** the change's own fields and words, after the amount and above the reason (a bank reference, what it takes off) */
  children?: ReactNode;
  /** the button's words: the change, said as an act ("Ask to waive") */
  confirmLabel: string;
  /** the change being sent: the button waits while it is pending, its error is shown above the button */
  change: ChangeState;
  /**
   * sends the change: the reason as typed and the amount in minor units (0 without an amount); call
   * `clear` once it succeeded to empty the reason and the amount
   */
  onConfirm: (typed: { reason: string; amountMinor: number }, clear: () => void) => void;
  /** what the server answered, said below the button (a `role="status"` line) */
  outcome?: ReactNode;
  /** 'stack narrow' inside a card; 'stack' where the form is the card's width */
  className?: string;
}

export const ReasonForm = ({
  label,
  reasonLabel = 'Reason',
  short = false,
  amount,
  children,
  confirmLabel,
  change,
  onConfirm,
  outcome,
  className = 'stack narrow',
}: ReasonFormProps) => {
  const [reason, setReason] = useState('');
  const [typedAmount, setAmount] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm({ reason, amountMinor: amount ? toMinor(typedAmount) : 0 }, () => {
      setReason('');
      setAmount('');
    });
  };
  const onChange = (event: { target: { value: string } }) => setReason(event.target.value);
  return (
    <form className={className} aria-label={label} onSubmit={submit}>
      {amount && <MoneyField label={amount.label} value={typedAmount} onChange={setAmount} maxMinor={amount.maxMinor} />}
      {children}
      {short ? (
        <label>
          {reasonLabel}
          <input value={reason} onChange={onChange} minLength={3} maxLength={500} required />
        </label>
      ) : (
        <label>
          {reasonLabel}
          <textarea value={reason} onChange={onChange} minLength={3} maxLength={500} rows={2} required />
        </label>
      )}
      <ErrorLine error={change.error} />
      <button type="submit" disabled={change.isPending}>
        {confirmLabel}
      </button>
      {outcome}
    </form>
  );
};
