import type { ReactNode } from 'react';
import styles from '../repay-method.module.css';

interface RadioOptionProps {
  name: string;
  checked: boolean;
  onChoose: () => void;
  /** the id of a note that explains this option */
  describedBy?: string;
  children: ReactNode;
}

/** One choice of the chooser (a pay type, a bank, a way to pay, a mini market): the whole row is its label. */
export function RadioOption({ name, checked, onChoose, describedBy, children }: RadioOptionProps) {
  return (
    <label className={styles.option}>
      <input type="radio" name={name} className={styles.radio} checked={checked} onChange={onChoose} aria-describedby={describedBy} />
      {children}
    </label>
  );
}
