/** A labelled text input of a form, required unless told, with an optional hint and the browser's pattern check. */

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  required?: boolean;
  disabled?: boolean;
  hint?: string;
  /** what the browser checks before sending (the server checks again), and `title`: the same in words */
  pattern?: string;
  title?: string;
}

export const TextField = ({ label, value, onChange, maxLength, required = true, disabled, hint, pattern, title }: TextFieldProps) => (
  <label>
    {label}
    <input
      value={value}
      maxLength={maxLength}
      required={required}
      disabled={disabled}
      pattern={pattern}
      title={title}
      onChange={(event) => onChange(event.target.value)}
    />
    {hint && <span className="muted">{hint}</span>}
  </label>
);
