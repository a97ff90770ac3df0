import { interpolate, salaryFloorMinor } from '@kilat/contract';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket } from '@/shared/i18n';
import { pageParam } from '@/shared/query-context';
import { Page } from '@/shared/ui';
import { useSubmitApplication } from './api/submit-application';
import styles from './application.module.css';
import { type ApplicationFields, applicationProblems, employments, limitSalary } from './application-rules';
import { CitySelect } from './city-select';
import { applicationTexts } from './texts';

const empty: ApplicationFields = { name: '', salary: '', employment: '', city: '' };

/** The application (issue 17): name, salary, employment and city, then loan confirm V3. Nothing is stored before continue. */
export default function ApplicationPage() {
  const texts = useContent(applicationTexts);
  const market = useMarket();
  const id = useId();
  const [, navigate] = useLocation();
  const productId = useMemo(() => pageParam('productId'), []);
  const [fields, setFields] = useState(empty);
  const [checked, setChecked] = useState(false);
  const submit = useSubmitApplication();
  const problems = checked ? applicationProblems(market, fields) : {};

  const set = <K extends keyof ApplicationFields>(name: K, value: ApplicationFields[K]) =>
    setFields((current) => ({ ...current, [name]: value }));
  const errorId = (name: keyof ApplicationFields) => `${id}-${name}-error`;
  const error = (name: keyof ApplicationFields) => {
    const problem = problems[name];
    return problem ? (
      <p id={errorId(name)} className={styles.error}>
        {problem === 'salaryInvalid' ? texts.salaryInvalid[market] : texts[problem]}
      </p>
    ) : null;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(applicationProblems(market, fields)).length > 0 || !fields.employment || submit.isRunning()) return;
    // a refusal was shown by the client
    submit.mutate({ productId, ...fields, employment: fields.employment }, { onSuccess: ({ confirmUrl }) => navigate(confirmUrl) });
  };

  return (
    <Page title={texts.title} back>
      <form className="form-card" onSubmit={onSubmit} noValidate>
        <p>{texts.intro}</p>
        <label htmlFor={`${id}-name`}>{texts.nameLabel}</label>
        <input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          maxLength={60}
          aria-invalid={!!problems.name}
          aria-describedby={problems.name ? errorId('name') : undefined}
          value={fields.name}
          onChange={(event) => set('name', event.target.value)}
        />
        {error('name')}

        <label htmlFor={`${id}-salary`}>{texts.salaryLabel[market]}</label>
        <input
          id={`${id}-salary`}
          name="salary"
          inputMode="numeric"
          aria-invalid={!!problems.salary}
          aria-describedby={`${id}-salary-hint${problems.salary ? ` ${errorId('salary')}` : ''}`}
          value={fields.salary}
          onChange={(event) => set('salary', limitSalary(event.target.value))}
        />
        <p id={`${id}-salary-hint`} className={styles.hint}>
          {interpolate(texts.salaryHint[market], { floor: formatMoney(salaryFloorMinor(market), market) })}
        </p>
        {error('salary')}

        <fieldset className={styles.fieldset} aria-describedby={problems.employment ? errorId('employment') : undefined}>
          <legend>{texts.employmentLabel}</legend>
          {employments.map((employment) => (
            <label key={employment} className={styles.radio}>
              <input
                type="radio"
                name="employment"
                value={employment}
                checked={fields.employment === employment}
                onChange={() => set('employment', employment)}
              />
              {texts.employment[employment]}
            </label>
          ))}
        </fieldset>
        {error('employment')}

        <CitySelect
          market={market}
          city={fields.city}
          onChoose={(city) => set('city', city)}
          texts={texts}
          errorId={errorId('city')}
          invalid={!!problems.city}
        />
        {error('city')}

        <button type="submit" className="button button-primary button-block" disabled={submit.isPending}>
          {texts.continue}
        </button>
      </form>
    </Page>
  );
}
