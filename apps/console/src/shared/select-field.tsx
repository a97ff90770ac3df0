/** A labelled choice from a list (a filter, a form's select), with an optional empty first choice. */

export interface Choice {
  value: string | number;
  label: string;
}

interface SelectFieldProps {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  choices: readonly Choice[];
  /** the label of the empty choice ("Any", "Nobody"); none when a value is always chosen */
  empty?: string;
  disabled?: boolean;
}

export const SelectField = ({ label, value, onChange, choices, empty, disabled }: SelectFieldProps) => (
  <label>
    {label}
    <select value={value} onChange={(event) => onChange(event.target.value)} disabled={disabled}>
      {empty !== undefined && <option value="">{empty}</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  </label>
);

/** An operator as a choice: name and role, as supervisors tell them apart. */
export const operatorChoice = (operator: { id: number; name: string; role: string }): Choice => ({
  value: operator.id,
  label: `${operator.name} (${operator.role})`,
});
