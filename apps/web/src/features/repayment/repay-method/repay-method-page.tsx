import { interpolate, Limits, Market, PayType } from '@kilat/contract';
import { useId, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { getQueryContext } from '@/shared/query-context';
import { toast } from '@/shared/toast';
import { Empty, IndonesiaOnlyPage, Page, QueryState } from '@/shared/ui';
import { indiaPayWayHref } from '../hand-over';
import { clearRepayChoice, type PayTypeValue, readRepayChoice, repayPageQuery, saveRepayChoice } from '../repay-choice';
import { useInitPayType } from './api/init-pay-type';
import { RadioOption } from './components/radio-option';
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

  return (
    <Page title={texts.title} back>
      {amount > 0 && (
        <p className={styles.amount}>
          {texts.amount} <strong className="money">{formatMoney(amount, market)}</strong>
        </p>
      )}
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{texts.method}</legend>
        <RadioOption name="pay-type" checked={selection.payType === PayType.Bank} onChoose={() => onType(PayType.Bank)}>
          {texts.bank}
        </RadioOption>
        <div>
          <RadioOption
            name="pay-type"
            checked={selection.payType === PayType.MiniMarket}
            onChoose={() => onType(PayType.MiniMarket)}
            describedBy={steer ? noteId : undefined}
          >
            {texts.miniMarket}
          </RadioOption>
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
      {selection.payType !== null && (
        <QueryState query={options} failed={texts.loadFailed}>
          {({ list }) =>
            list.length === 0 ? (
              <Empty art="cards" description={texts.noOptions} />
            ) : selection.payType === PayType.Bank ? (
              <BankList
                banks={list}
                texts={texts}
                payCode={selection.payCode}
                methodCode={selection.methodCode}
                onBank={(payCode) => setSelection(selectOption(selection, payCode))}
                onMethod={(methodCode) => setSelection(selectMethod(selection, methodCode))}
              />
            ) : (
              <fieldset className={styles.group}>
                <legend className={styles.legend}>{texts.chooseMiniMarket}</legend>
                {list.map((shop) => (
                  <RadioOption
                    key={shop.payCode}
                    name="mini-market"
                    checked={selection.payCode === shop.payCode}
                    onChoose={() => setSelection(selectOption(selection, shop.payCode))}
                  >
                    {shop.bankName}
                  </RadioOption>
                ))}
              </fieldset>
            )
          }
        </QueryState>
      )}
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
            <RadioOption name="bank" checked={chosen} onChoose={() => onBank(bank.payCode)}>
              {bank.bankName}
            </RadioOption>
            {chosen && bank.method.length > 0 && (
              <fieldset className={styles.methods}>
                <legend className={styles.methodsLegend}>{interpolate(texts.payAt, { bank: bank.bankName })}</legend>
                {bank.method.map((method) => (
                  <RadioOption
                    key={method.code}
                    name={`method-${bank.payCode}`}
                    checked={methodCode === method.code}
                    onChoose={() => onMethod(method.code)}
                  >
                    {method.name}
                  </RadioOption>
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
