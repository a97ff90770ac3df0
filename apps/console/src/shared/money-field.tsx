/**
 * Money as an operator types it: rupees or rupiah on the screen, integer minor units (paise, sen)
 * on the wire. Every amount a console form sends goes through `toMinor`; every limit it shows
 * through `majorText`.
 */
import type { ReactNode } from 'react';

// minor units are hundredths in both markets (paise, sen)
const MINOR_PER_MAJOR = 100;

/** What the operator typed ("1500.5") as the wire's integer minor units (150050). */
export const toMinor = (typed: string) => Math.round(Number(typed) * MINOR_PER_MAJOR);

/** Minor units as rupees or rupiah, a number (a chart's value, a form's starting text). */
export const toMajor = (minor: number) => minor / MINOR_PER_MAJOR;

/** Minor units as the field's own figure, two decimals and no currency: "1500.50". */
export const majorText = (minor: number) => toMajor(minor).toFixed(2);

interface MoneyFieldProps {
  /** what the amount is; say its limit here ("Amount to refund (at most 120.00)") */
  label: ReactNode;
  /** the amount as typed, in rupees or rupiah: keep it as text so "12." survives a render */
  value: string;
  onChange: (typed: string) => void;
  /** the most the browser accepts, in minor units; the server checks it again */
  maxMinor?: number;
  hint?: string;
}

/** A required amount of at least one paisa or sen, to the hundredth; send `toMinor(value)`. */
export const MoneyField = ({ label, value, onChange, maxMinor, hint }: MoneyFieldProps) => (
  <label>
    {label}
    <input
      type="number"
      inputMode="decimal"
      min={0.01}
      max={maxMinor === undefined ? undefined : majorText(maxMinor)}
      step={0.01}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
    />
    {hint && <span className="muted">{hint}</span>}
  </label>
);
