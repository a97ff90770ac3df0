import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useContent } from '@/shared/i18n';
import { digitsOnly } from '@/shared/input-masks';
import { getQueryContext, pageParam } from '@/shared/query-context';
import { payWayHref, readPayWayParams } from '@/shared/repay-hand-over';
import { toast } from '@/shared/toast';
import { LoadFailed, Page, Spinner } from '@/shared/ui';
import { bindCard } from './api/bind-card';
import { useBankList } from './api/get-bank-list';
import styles from './bind-card.module.css';
import { type BindCardFields, type BindCardProblem, bindCardProblem, HOLDER_NAME_MAX, limitCardNumber } from './card-rules';
import { bindCardTexts } from './texts';

const emptyFields: BindCardFields = { bankCode: '', cardNumber: '', holderName: '' };

/**
 * Bind card (spec §2 #/addnormalcard, opened from pay-way): the bank, the card number grouped by
 * 4 with a Luhn check, the holder's name. The full number lives only in the input: it is never
 * stored, logged or put in an address, and the state is emptied once the card is bound.
 */
export default function BindCardPage() {
  const texts = useContent(bindCardTexts);
  const id = useId();
  const [, navigate] = useLocation();
  const params = useMemo(() => readPayWayParams(pageParam, getQueryContext()), []);
  const banks = useBankList();
  const [fields, setFields] = useState(emptyFields);
  const [problem, setProblem] = useState<BindCardProblem | null>(null);
  const busy = useRef(false);
  const inputs = {
    chooseBank: useRef<HTMLSelectElement>(null),
    invalidCardNumber: useRef<HTMLInputElement>(null),
    enterHolderName: useRef<HTMLInputElement>(null),
  };

  const update = (name: keyof BindCardFields, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setProblem(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = bindCardProblem(fields);
    if (found) {
      setProblem(found);
      toast.show(texts[found]);
      inputs[found].current?.focus();
      return;
    }
    if (busy.current) return;
    busy.current = true;
    try {
      const card = await bindCard({
        bankCode: fields.bankCode,
        cardNo: digitsOnly(fields.cardNumber),
        holderName: fields.holderName.trim(),
      });
      setFields(emptyFields);
      toast.show(texts.cardSaved);
      // back to pay-way with the same parameters, where the new card is listed and selected
      navigate(payWayHref({ ...params, cardId: card.id }), { replace: true });
    } catch {
      // the client has shown the server's message
    } finally {
      busy.current = false;
    }
  };

  const invalid = (name: BindCardProblem) =>
    problem === name ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-problem` } : {};

  let content: ReactNode;
  if (banks.isPending) {
    content = <Spinner />;
  } else if (banks.isError) {
    content = <LoadFailed message={texts.loadFailed} onRetry={() => banks.refetch()} />;
  } else {
    content = (
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <label htmlFor={`${id}-bank`}>{texts.bank}</label>
        <select
          id={`${id}-bank`}
          ref={inputs.chooseBank}
          name="bankCode"
          aria-required="true"
          value={fields.bankCode}
          onChange={(event) => update('bankCode', event.target.value)}
          {...invalid('chooseBank')}
        >
          <option value="">{texts.bankPlaceholder}</option>
          {banks.data.list.map((bank) => (
            <option key={bank.bankCode} value={bank.bankCode}>
              {bank.bankName}
            </option>
          ))}
        </select>

        <label htmlFor={`${id}-number`}>{texts.cardNumber}</label>
        <input
          id={`${id}-number`}
          ref={inputs.invalidCardNumber}
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          aria-required="true"
          value={fields.cardNumber}
          onChange={(event) => update('cardNumber', limitCardNumber(event.target.value))}
          {...invalid('invalidCardNumber')}
        />

        <label htmlFor={`${id}-holder`}>{texts.holderName}</label>
        <input
          id={`${id}-holder`}
          ref={inputs.enterHolderName}
          name="holderName"
          autoComplete="cc-name"
          autoCapitalize="words"
          maxLength={HOLDER_NAME_MAX}
          aria-required="true"
          value={fields.holderName}
          onChange={(event) => update('holderName', event.target.value)}
          {...invalid('enterHolderName')}
        />

        <p id={`${id}-problem`} className={styles.problem}>
          {problem ? texts[problem] : ''}
        </p>
        <p className={styles.privacy}>{texts.privacy}</p>
        <button type="submit" className="button button-primary button-block">
          {texts.save}
        </button>
      </form>
    );
  }

  return (
    <Page title={texts.title} back>
      {content}
    </Page>
  );
}
