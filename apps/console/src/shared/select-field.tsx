/** A labelled choice from a list (a filter, a form's select), with an optional empty first choice. */
import type { Market } from '@kilat/contract';
import { MARKET_LABEL } from './format';

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

const MARKET_CHOICES: readonly Choice[] = [
  { value: 'IN', label: MARKET_LABEL.IN },
  { value: 'ID', label: MARKET_LABEL.ID },
];

interface MarketFieldProps {
  value: Market | undefined;
  /** the market chosen; undefined for the empty choice */
  onChange: (market: Market | undefined) => void;
  /** the empty choice's label ("Both") where a list may show both markets; none where one is always chosen */
  empty?: string;
  /** fixed once a thing exists (a product, a template) */
  disabled?: boolean;
}

/** "Market": India or Indonesia, as a filter (with `empty`) or a form's field. */
export const MarketField = ({ value, onChange, empty, disabled }: MarketFieldProps) => (
  <SelectField
    label="Market"
    value={value ?? ''}
    onChange={(chosen) => onChange(chosen === 'IN' || chosen === 'ID' ? chosen : undefined)}
    choices={MARKET_CHOICES}
    empty={empty}
    disabled={disabled}
  />
);
