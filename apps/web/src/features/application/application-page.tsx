import { interpolate, Market, salaryFloorMinor } from '@kilat/contract';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { formatDate, formatMoney } from '@/shared/format';
import { useSettledValue } from '@/shared/hooks/use-settled-value';
import { ApiError } from '@/shared/http/api-client';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { pageParam } from '@/shared/query-context';
import { AmountTermPicker, DetailRows, Page } from '@/shared/ui';
import { useLastApplication } from './api/get-last-application';
import { useOffer } from './api/get-offer';
import { useSubmitApplication } from './api/submit-application';
import styles from './application.module.css';
import { type ApplicationFields, applicationProblems, employments, limitSalary, refusedField } from './application-rules';
import { CitySelect } from './city-select';
import { applicationTexts } from './texts';

const empty: ApplicationFields = { name: '', salary: '', employment: '', city: '', birthDate: '', married: '' };

/** The application (issue 17): name, salary, employment and city, then loan confirm V3. Nothing is stored before continue. */
export default function ApplicationPage() {
  const texts = useContent(applicationTexts);
  const t = useT();
  const market = useMarket();
  const id = useId();
  const [, navigate] = useLocation();
  const productId = useMemo(() => pageParam('productId'), []);
  const [fields, setFields] = useState(empty);
  const [checked, setChecked] = useState(false);
  const submit = useSubmitApplication();
  // the amount and term chosen (issue 29): priced by the server once the slider rests
  const [chosen, setChosen] = useState<{ amount?: number; term?: number }>({});
  const offer = useOffer(productId, useSettledValue(chosen));
  const problems = checked ? applicationProblems(market, fields) : {};
  // the server's refusal (income floor, age), kept beside its field until that field changes (issue 48)
  const [refusal, setRefusal] = useState<{ field: keyof ApplicationFields | null; message: string } | null>(null);
  // a returning borrower is offered what they gave last time (issue 48), unless they started typing first
  const last = useLastApplication();
  const touched = useRef(false);
  const offered = last.data ?? null;
  useEffect(() => {
    if (!offered || touched.current) return;
    const { name, salary, employment, city, birthDate, married } = offered;
    setFields({ name, salary, employment, city, birthDate, married });
  }, [offered]);
  // a verified identity's name and birth date are the document's: offered, and not to be changed here
  const fixedByIdentity = offered?.identityVerified === true;

  const set = <K extends keyof ApplicationFields>(name: K, value: ApplicationFields[K]) => {
    touched.current = true;
    setFields((current) => ({ ...current, [name]: value }));
    if (refusal?.field === name) setRefusal(null);
  };
  const refusalOf = (name: keyof ApplicationFields) => (refusal?.field === name ? refusal.message : null);
  const invalid = (name: keyof ApplicationFields) => !!problems[name] || refusalOf(name) !== null;
  const errorId = (name: keyof ApplicationFields) => `${id}-${name}-error`;
  const error = (name: keyof ApplicationFields) => {
    const problem = problems[name];
    const message = problem ? (problem === 'salaryInvalid' ? texts.salaryInvalid[market] : texts[problem]) : refusalOf(name);
    return message ? (
      <p id={errorId(name)} className={styles.error}>
        {message}
      </p>
    ) : null;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setRefusal(null);
    if (Object.keys(applicationProblems(market, fields)).length > 0 || !fields.employment || submit.isRunning()) return;
    // a refusal was shown by the client
    const { birthDate, married, employment, ...rest } = fields;
    const loan = offer.data ? { amount: offer.data.amount, term: offer.data.periods } : {};
    submit.mutate(
      { productId, ...rest, employment, birthDate, ...(market === Market.Indonesia ? { married: married || '0' } : {}), ...loan },
      {
        onSuccess: ({ confirmUrl }) => navigate(confirmUrl),
        onError: (failure) => {
          const field = refusedField(failure instanceof ApiError ? failure.data : null);
          setRefusal({ field, message: failure instanceof ApiError ? failure.message : t('networkError') });
          if (field) document.getElementById(`${id}-${field === 'birthDate' ? 'birth' : field}`)?.focus();
        },
      },
    );
  };

  return (
    <Page title={texts.title} back>
      <form className="form-card" onSubmit={onSubmit} noValidate>
        {offer.data && (
          <section className={styles.offer} aria-labelledby={`${id}-offer`}>
            <h2 id={`${id}-offer`} className={styles.offerTitle}>
              {texts.offerTitle}
            </h2>
            <p className={styles.hint}>{texts.offerIntro}</p>
            <AmountTermPicker
              market={market}
              choice={offer.data.choice}
              amountMinor={chosen.amount ?? offer.data.amount}
              termDays={chosen.term ?? offer.data.periods}
              onChange={({ amountMinor, termDays }) => setChosen({ amount: amountMinor, term: termDays })}
            />
            <DetailRows
              label={texts.offerTitle}
              rows={[
                ...offer.data.details.slice(0, 3).map((line) => ({ label: line.text, value: line.value })),
                {
                  label: texts.instalments,
                  value: offer.data.repay_plans.map((plan) => formatMoney(plan.amount, market)).join(' + '),
                },
                { label: texts.apr, value: offer.data.sp_rate },
              ]}
            />
          </section>
        )}
        <p>{texts.intro}</p>
        {offered && (
          <p className={styles.lastTime} role="status">
            {interpolate(texts.lastTimeNote, { date: formatDate(offered.givenAt, market) })}
            {fixedByIdentity && ` ${texts.identityKeptNote}`}
          </p>
        )}
        <label htmlFor={`${id}-name`}>{texts.nameLabel}</label>
        <input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          maxLength={60}
          readOnly={fixedByIdentity}
          aria-invalid={invalid('name')}
          aria-describedby={invalid('name') ? errorId('name') : undefined}
          value={fields.name}
          onChange={(event) => set('name', event.target.value)}
        />
        {error('name')}

        <label htmlFor={`${id}-birth`}>{texts.birthDateLabel}</label>
        <input
          id={`${id}-birth`}
          name="birthDate"
          type="date"
          autoComplete="bday"
          readOnly={fixedByIdentity}
          aria-invalid={invalid('birthDate')}
          aria-describedby={invalid('birthDate') ? errorId('birthDate') : undefined}
          value={fields.birthDate}
          onChange={(event) => set('birthDate', event.target.value)}
        />
        {error('birthDate')}

        {market === Market.Indonesia && (
          <fieldset className={styles.fieldset}>
            <legend>{texts.marriedLabel}</legend>
            {(['1', '0'] as const).map((value) => (
              <label key={value} className={styles.radio}>
                <input
                  type="radio"
                  name="married"
                  value={value}
                  checked={fields.married === value}
                  onChange={() => set('married', value)}
                />
                {value === '1' ? texts.yes : texts.no}
              </label>
            ))}
          </fieldset>
        )}

        <label htmlFor={`${id}-salary`}>{texts.salaryLabel[market]}</label>
        <input
          id={`${id}-salary`}
          name="salary"
          inputMode="numeric"
          aria-invalid={invalid('salary')}
          aria-describedby={`${id}-salary-hint${invalid('salary') ? ` ${errorId('salary')}` : ''}`}
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

        {/* a refusal that names no field (a written-off loan, no connection), read out where the borrower is looking */}
        <div role="alert">{refusal && refusal.field === null && <p className={styles.error}>{refusal.message}</p>}</div>

        <button type="submit" className="button button-primary button-block" disabled={submit.isPending}>
          {texts.continue}
        </button>
      </form>
    </Page>
  );
}
