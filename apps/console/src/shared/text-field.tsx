/** A labelled text input of a form (the products screen's catalogue and landing templates), required unless told, with an optional hint. */

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  required?: boolean;
  disabled?: boolean;
  hint?: string;
}

export const TextField = ({ label, value, onChange, maxLength, required = true, disabled, hint }: TextFieldProps) => (
  <label>
    {label}
    <input value={value} maxLength={maxLength} required={required} disabled={disabled} onChange={(event) => onChange(event.target.value)} />
    {hint && <span className="muted">{hint}</span>}
  </label>
);
