/**
 * The form below a list that adds a row or changes the one chosen (products, the catalogue, landing
 * templates, reply templates): a card with its heading, the fields, the server's refusal, Save, and
 * Cancel while a row is being changed.
 */
import type { FormEvent, ReactNode } from 'react';
import type { ChangeState } from './reason-form';
import { ErrorLine } from './ui';

interface EditFormProps {
  /** the form's accessible name: what it edits ("Product") */
  label: string;
  /** its heading: "New product" or "Edit product IN-01" */
  title: string;
  /** the save call: the button waits while it is pending, its error is shown above the buttons */
  save: ChangeState;
  saveLabel: string;
  onSave: () => void;
  /** back to a new row; no Cancel while the form adds one */
  onCancel?: (() => void) | undefined;
  children: ReactNode;
}

export const EditForm = ({ label, title, save, saveLabel, onSave, onCancel, children }: EditFormProps) => {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <form className="stack card narrow" onSubmit={submit} aria-label={label}>
      <h2>{title}</h2>
      {children}
      <ErrorLine error={save.error} />
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {saveLabel}
        </button>
        {onCancel && (
          <button type="button" className="link-button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
};
