import { Limits } from '@kilat/contract';
import { useId } from 'react';
import styles from './star-rating.module.css';

export interface StarRatingProps {
  /** the stars chosen, 0 for none */
  value: number;
  onChange: (stars: number) => void;
  /** what is rated, read out as the group's name */
  legend: string;
  /** the accessible name of the n-th star, e.g. '3 stars' */
  starLabel: (stars: number) => string;
}

/** Five stars as a radio group: picking star n fills stars 1..n (spec §4). */
export function StarRating({ value, onChange, legend, starLabel }: StarRatingProps) {
  const name = useId();
  const stars = Array.from({ length: Limits.ratingStars }, (_, index) => index + 1);
  return (
    <fieldset className={styles.rating}>
      <legend className="visually-hidden">{legend}</legend>
      {stars.map((stars) => (
        <label key={stars} className={styles.star} data-filled={stars <= value}>
          <input
            className={styles.input}
            type="radio"
            name={name}
            value={stars}
            checked={stars === value}
            onChange={() => onChange(stars)}
          />
          <span className="visually-hidden">{starLabel(stars)}</span>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
          </svg>
        </label>
      ))}
    </fieldset>
  );
}
