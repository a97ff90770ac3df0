import { type ChangeEvent, type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useContent } from '@/shared/i18n';
import { digitsOnly } from '@/shared/input-masks';
import { getQueryContext, pageParam } from '@/shared/query-context';
import { payWayHref } from '@/shared/repay-entry';
import { toast } from '@/shared/toast';
import { Page, QueryState } from '@/shared/ui';
import { readPayWayParams } from '../hand-over';
import { useBindCard } from './api/bind-card';
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
  const bind = useBindCard();
  const inputs = {
    chooseBank: useRef<HTMLSelectElement>(null),
    invalidCardNumber: useRef<HTMLInputElement>(null),
    enterHolderName: useRef<HTMLInputElement>(null),
  };

  const update = (name: keyof BindCardFields, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setProblem(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = bindCardProblem(fields);
    if (found) {
      setProblem(found);
      toast.show(texts[found]);
      inputs[found].current?.focus();
      return;
    }
    if (bind.isRunning()) return;
    // a refused card keeps the form as typed: the client has shown the server's message
    bind.mutate(
      { bankCode: fields.bankCode, cardNo: digitsOnly(fields.cardNumber), holderName: fields.holderName.trim() },
      {
        onSuccess: (card) => {
          setFields(emptyFields);
          toast.show(texts.cardSaved);
          // back to pay-way with the same parameters, where the new card is listed and selected
          navigate(payWayHref({ ...params, cardId: card.id }), { replace: true });
        },
      },
    );
  };

  /** What each control shares: its id for the label, name, required, value, change, and the problem it is named by. */
  const control = (name: keyof BindCardFields, named: BindCardProblem, limit: (value: string) => string = (value) => value) => ({
    id: `${id}-${name}`,
    name,
    'aria-required': true as const,
    value: fields[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => update(name, limit(event.target.value)),
    ...(problem === named ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-problem` } : {}),
  });

  return (
    <Page title={texts.title} back>
      <QueryState query={banks} failed={texts.loadFailed}>
        {({ list }) => (
          <form className={styles.form} onSubmit={onSubmit} noValidate>
            <label htmlFor={`${id}-bankCode`}>{texts.bank}</label>
            <select ref={inputs.chooseBank} {...control('bankCode', 'chooseBank')}>
              <option value="">{texts.bankPlaceholder}</option>
              {list.map((bank) => (
                <option key={bank.bankCode} value={bank.bankCode}>
                  {bank.bankName}
                </option>
              ))}
            </select>

            <label htmlFor={`${id}-cardNumber`}>{texts.cardNumber}</label>
            <input
              ref={inputs.invalidCardNumber}
              inputMode="numeric"
              autoComplete="cc-number"
              {...control('cardNumber', 'invalidCardNumber', limitCardNumber)}
            />

            <label htmlFor={`${id}-holderName`}>{texts.holderName}</label>
            <input
              ref={inputs.enterHolderName}
              autoComplete="cc-name"
              autoCapitalize="words"
              maxLength={HOLDER_NAME_MAX}
              {...control('holderName', 'enterHolderName')}
            />

            <p id={`${id}-problem`} className={styles.problem}>
              {problem ? texts[problem] : ''}
            </p>
            <p className={styles.privacy}>{texts.privacy}</p>
            <button type="submit" className="button button-primary button-block" disabled={bind.isPending}>
              {texts.save}
            </button>
          </form>
        )}
      </QueryState>
    </Page>
  );
}
