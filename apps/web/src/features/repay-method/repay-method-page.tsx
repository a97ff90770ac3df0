import { interpolate, Limits, Market, PayType } from '@kilat/contract';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { getQueryContext } from '@/shared/query-context';
import { clearRepayChoice, type PayTypeValue, readRepayChoice, repayPageQuery, saveRepayChoice } from '@/shared/repay-choice';
import { indiaPayWayHref } from '@/shared/repay-hand-over';
import { toast } from '@/shared/toast';
import { Empty, IndonesiaOnlyPage, LoadFailed, Page, Spinner } from '@/shared/ui';
import { useInitPayType } from './api/init-pay-type';
import {
  amountParam,
  changePayType,
  miniMarketAdvice,
  type PayOption,
  selectionFrom,
  selectMethod,
  selectOption,
  toRepayChoice,
} from './method-rules';
import styles from './repay-method.module.css';
import { type RepayMethodTexts, repayMethodTexts } from './texts';

/** Repay method chooser (spec §2, §4, §5): Bank or Mini Market, a bank with its way to pay or a mini market, save. */
function MethodChooser() {
  const texts = useContent(repayMethodTexts);
  const t = useT();
  const market = useMarket();
  const [, navigate] = useLocation();
  const search = useSearch();
  const { productId, orderId } = useMemo(() => getQueryContext(), []);
  const params = new URLSearchParams(search);
  const amount = amountParam(params.get('amount'));
  const [selection, setSelection] = useState(() => selectionFrom(readRepayChoice()));
  const options = useInitPayType(productId, orderId, selection.payType);
  const noteId = useId();
  const advice = miniMarketAdvice(amount, params.get('purpose'));
  const steer = advice !== 'none';

  const onType = (payType: PayTypeValue) => {
    if (payType === selection.payType) return;
    setSelection(changePayType(selection, payType));
    // changing the type clears the saved local choice too (spec §4)
    clearRepayChoice();
  };

  const onSave = () => {
    const choice = toRepayChoice(selection, options.data?.list);
    if (!choice) {
      toast.show(t('completeTheInformation'));
      return;
    }
    saveRepayChoice(choice);
    // replace: back from the virtual-account page returns to where the repayment started
    navigate(`${Paths.virtualAccountRepay}?${repayPageQuery(search)}`, { replace: true });
  };

  let list: ReactNode = null;
  if (selection.payType !== null) {
    if (options.isPending) list = <Spinner />;
    else if (options.isError) list = <LoadFailed message={texts.loadFailed} onRetry={() => options.refetch()} />;
    else if (options.data.list.length === 0) list = <Empty art="cards" description={texts.noOptions} />;
    else if (selection.payType === PayType.Bank)
      list = (
        <BankList
          banks={options.data.list}
          texts={texts}
          payCode={selection.payCode}
          methodCode={selection.methodCode}
          onBank={(payCode) => setSelection(selectOption(selection, payCode))}
          onMethod={(methodCode) => setSelection(selectMethod(selection, methodCode))}
        />
      );
    else
      list = (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{texts.chooseMiniMarket}</legend>
          {options.data.list.map((shop) => (
            <label key={shop.payCode} className={styles.option}>
              <input
                type="radio"
                name="mini-market"
                className={styles.radio}
                checked={selection.payCode === shop.payCode}
                onChange={() => setSelection(selectOption(selection, shop.payCode))}
              />
              {shop.bankName}
            </label>
          ))}
        </fieldset>
      );
  }

  return (
    <Page title={texts.title} back>
      {amount > 0 && (
        <p className={styles.amount}>
          {texts.amount} <strong className="money">{formatMoney(amount, market)}</strong>
        </p>
      )}
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{texts.method}</legend>
        <label className={styles.option}>
          <input
            type="radio"
            name="pay-type"
            className={styles.radio}
            checked={selection.payType === PayType.Bank}
            onChange={() => onType(PayType.Bank)}
          />
          {texts.bank}
        </label>
        <div>
          <label className={styles.option}>
            <input
              type="radio"
              name="pay-type"
              className={styles.radio}
              checked={selection.payType === PayType.MiniMarket}
              onChange={() => onType(PayType.MiniMarket)}
              aria-describedby={steer ? noteId : undefined}
            />
            {texts.miniMarket}
          </label>
          {steer && (
            <p id={noteId} className={styles.note}>
              {interpolate(advice === 'bank-only' ? texts.overLimitBankOnly : texts.overLimit, {
                limit: formatMoney(Limits.miniMarketMaxMinor, market),
                amount: formatMoney(amount, market),
              })}
            </p>
          )}
        </div>
      </fieldset>
      {list}
      <button type="button" className={`button button-primary button-block ${styles.save}`} onClick={onSave}>
        {texts.save}
      </button>
    </Page>
  );
}

interface BankListProps {
  banks: readonly PayOption[];
  texts: RepayMethodTexts;
  payCode: string;
  methodCode: string;
  onBank: (payCode: string) => void;
  onMethod: (methodCode: string) => void;
}

/** The banks, the chosen one opening its ways to pay (ATM, mobile banking, …). */
function BankList({ banks, texts, payCode, methodCode, onBank, onMethod }: BankListProps) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{texts.chooseBank}</legend>
      {banks.map((bank) => {
        const chosen = bank.payCode === payCode;
        return (
          <div key={bank.payCode} className={chosen ? `${styles.bank} ${styles.chosen}` : styles.bank}>
            <label className={styles.option}>
              <input type="radio" name="bank" className={styles.radio} checked={chosen} onChange={() => onBank(bank.payCode)} />
              {bank.bankName}
            </label>
            {chosen && bank.method.length > 0 && (
              <fieldset className={styles.methods}>
                <legend className={styles.methodsLegend}>{interpolate(texts.payAt, { bank: bank.bankName })}</legend>
                {bank.method.map((method) => (
                  <label key={method.code} className={styles.option}>
                    <input
                      type="radio"
                      name={`method-${bank.payCode}`}
                      className={styles.radio}
                      checked={methodCode === method.code}
                      onChange={() => onMethod(method.code)}
                    />
                    {method.name}
                  </label>
                ))}
              </fieldset>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

/** India repays by card or the checkout page: opened there, this page says so and leads to pay-way (decision 052). */
export default function RepayMethodPage() {
  const market = useMarket();
  const search = useSearch();
  if (market === Market.India) return <IndonesiaOnlyPage payWayHref={indiaPayWayHref(search, getQueryContext())} />;
  return <MethodChooser />;
}
