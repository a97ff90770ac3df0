import { interpolate, type Market } from '@kilat/contract';
import { citiesStartingWith, OTHER_CITY } from '@kilat/contract/cities';
import { useId, useMemo, useState } from 'react';
import styles from './application.module.css';
import type { ApplicationTexts } from './texts';

const SHOWN = 8;

/**
 * City select (spec §2 names it, issue 17): the market's cities, searched by the start of a name or
 * of another name borrowers use for it, and an 'other city' choice for a town not in the list (issue 30).
 */
export function CitySelect({
  market,
  city,
  onChoose,
  texts,
  errorId,
  invalid,
}: {
  market: Market;
  city: string;
  onChoose: (city: string) => void;
  texts: ApplicationTexts;
  errorId: string;
  invalid: boolean;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const matches = useMemo(() => citiesStartingWith(market, search).slice(0, SHOWN), [market, search]);
  return (
    <fieldset className={styles.fieldset} aria-describedby={invalid ? errorId : undefined}>
      <legend>{texts.cityLabel}</legend>
      {city && (
        <p className={styles.chosen} aria-live="polite">
          {interpolate(texts.cityChosen, { city: city === OTHER_CITY ? texts.cityOther : city })}
        </p>
      )}
      <label htmlFor={`${id}-search`}>{texts.citySearch}</label>
      <input
        id={`${id}-search`}
        type="search"
        autoComplete="address-level2"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {matches.length === 0 && <p className={styles.hint}>{texts.cityNone}</p>}
      <ul className={styles.cities} aria-label={texts.cityResults}>
        {matches.map((name) => (
          <li key={name}>
            <button type="button" className={styles.city} aria-pressed={name === city} onClick={() => onChoose(name)}>
              {name}
            </button>
          </li>
        ))}
        {/* a town not in the list can still apply (issue 30) */}
        <li>
          <button type="button" className={styles.city} aria-pressed={city === OTHER_CITY} onClick={() => onChoose(OTHER_CITY)}>
            {texts.cityOther}
          </button>
        </li>
      </ul>
    </fieldset>
  );
}
