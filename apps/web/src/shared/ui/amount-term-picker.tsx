import type { Market } from '@kilat/contract';
import type { LoanChoice } from '@kilat/contract/schemas';
import { useId } from 'react';
import { formatMoney } from '@/shared/format';
import { useT } from '@/shared/i18n';
import styles from './amount-term-picker.module.css';

interface AmountTermPickerProps {
  market: Market;
  /** what the server lets the borrower choose: the product's steps and terms, the borrower's limit */
  choice: LoanChoice;
  amountMinor: number;
  termDays: number;
  onChange: (next: { amountMinor: number; termDays: number }) => void;
}

/**
 * The amount and term a borrower chooses (issue 29, decision 147): a native range input in the
 * product's steps — keyboard and screen readers work as they do everywhere, and it announces the
 * amount in the market's money (aria-valuetext) — and the product's terms as radio buttons. It
 * computes no price: the page asks the server for the offer of what is chosen.
 */
export function AmountTermPicker({ market, choice, amountMinor, termDays, onChange }: AmountTermPickerProps) {
  const t = useT();
  const id = useId();
  const money = (minor: number) => formatMoney(minor, market);
  const fixed = choice.amountMinMinor >= choice.amountMaxMinor;
  return (
    <div className={styles.picker}>
      <div className={styles.amountRow}>
        <label htmlFor={`${id}-amount`} className={styles.label}>
          {t('loanAmount')}
        </label>
        <output htmlFor={`${id}-amount`} className={styles.value} aria-live="polite">
          {money(amountMinor)}
        </output>
      </div>
      <input
        id={`${id}-amount`}
        className={styles.range}
        type="range"
        min={choice.amountMinMinor}
        max={choice.amountMaxMinor}
        step={choice.amountStepMinor}
        value={amountMinor}
        disabled={fixed}
        aria-valuetext={money(amountMinor)}
        aria-describedby={`${id}-limit`}
        onChange={(event) => onChange({ amountMinor: Number(event.target.value), termDays })}
      />
      <div className={styles.bounds} aria-hidden="true">
        <span>{money(choice.amountMinMinor)}</span>
        <span>{money(choice.amountMaxMinor)}</span>
      </div>
      <p id={`${id}-limit`} className={styles.note}>
        {choice.limitNote}
      </p>
      <fieldset className={styles.terms}>
        <legend>{t('loanTerm')}</legend>
        {choice.termOptions.map((option) => (
          <label key={option} className={styles.term}>
            <input
              type="radio"
              name={`${id}-term`}
              value={option}
              checked={option === termDays}
              onChange={() => onChange({ amountMinor, termDays: option })}
            />
            {option} {t('days')}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
