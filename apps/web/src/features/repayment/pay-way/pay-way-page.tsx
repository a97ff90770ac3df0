import { Market } from '@kilat/contract';
import type { BankCard } from '@kilat/contract/schemas';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { CouponChoice } from '@/shared/coupons/coupon-choice';
import { formatMoney } from '@/shared/format';
import { useCountdown } from '@/shared/hooks/use-countdown';
import { ApiError } from '@/shared/http/api-client';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { getQueryContext, pageParam } from '@/shared/query-context';
import { toast } from '@/shared/toast';
import { Empty, Page, QueryState } from '@/shared/ui';
import choices from '@/shared/ui/choice-list.module.css';
import {
  amountOf,
  bindCardHref,
  methodChooserHref,
  paymentResultHref,
  readPayWayParams,
  thirdPartyHref,
  upiHref,
  walletHref,
} from '../hand-over';
import { useCommitRepayment } from './api/commit-repayment';
import { useConfirmRepayment } from './api/confirm-repayment';
import { useRepaymentWay } from './api/get-repayment-way';
import { VerificationDialog } from './components/verification-dialog';
import styles from './pay-way.module.css';
import { confirmFailureText, confirmOutcome, isCompleteCode } from './pay-way-rules';
import { payWayTexts } from './texts';

/** The payment a commit started: a resend repeats it with the same token (decision 019). */
interface StartedPayment {
  card: BankCard;
  repayToken: string;
  amount: number;
}

/** The pay-way screen (spec §2, §4, §5): the cards, the third-party option, pay, and the SMS verification. */
export default function PayWayPage() {
  const texts = useContent(payWayTexts);
  const t = useT();
  const market = useMarket();
  const [, navigate] = useLocation();
  const params = useMemo(() => readPayWayParams(pageParam, getQueryContext()), []);
  const way = useRepaymentWay(params.orderId, amountOf(params.withholdingAmount), params.purpose);
  const countdown = useCountdown();
  // the card index starts as none (spec §4), or the card bind card has just added
  const [cardId, setCardId] = useState<string | null>(params.cardId || null);
  // the coupon chosen here, or the one the page was opened with (the spec's couponId); the server computes its discount
  const [couponId, setCouponId] = useState(params.couponId);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [code, setCode] = useState('');
  const [recordId, setRecordId] = useState('');
  const started = useRef<StartedPayment | null>(null);
  const commit = useCommitRepayment();
  const confirm = useConfirmRepayment();
  const busy = commit.isPending || confirm.isPending;
  /** One call at a time: a double tap never commits or confirms twice, even before the render that disables the buttons. */
  const running = () => commit.isRunning() || confirm.isRunning();

  /** Every started payment ends on its result screen (decision 050), which waits for the gateway if it must. */
  const toResult = (paymentId: string) =>
    navigate(paymentResultHref(params.productId, params.orderId, paymentId, getQueryContext()), { replace: true });

  const commitFields = (payment: StartedPayment, sendMsg: 0 | 1) => ({
    amount: payment.amount,
    bankName: payment.card.bankName,
    cardId: payment.card.id,
    cardNo: payment.card.cardNo,
    couponId: couponId || undefined,
    orderId: params.orderId,
    repayToken: payment.repayToken,
    bankCode: payment.card.bankCode,
    sendMsg,
  });

  const onPay = (event: FormEvent) => {
    event.preventDefault();
    const data = way.data;
    if (!data || way.isFetching) return;
    const card = data.bankCards.find((candidate) => candidate.id === cardId);
    if (!card) {
      toast.show(t('selectBankCardFirst'));
      return;
    }
    if (running()) return;
    const payment = { card, repayToken: data.repayToken, amount: data.amount };
    commit.mutate(commitFields(payment, 0), {
      // on failure the client showed the message, and the mutation asked for a new token
      onSuccess: (result) => {
        if (result.needValid !== 1) {
          toResult(result.repayRecordId);
          return;
        }
        started.current = payment;
        setRecordId(result.repayRecordId);
        setCode('');
        setDialogOpen(true);
        countdown.start();
      },
    });
  };

  const onResend = () => {
    const payment = started.current;
    if (!payment || countdown.running || running()) return;
    commit.mutate(commitFields(payment, 1), {
      onSuccess: (result) => setRecordId(result.repayRecordId),
      // a new code and a failed commit (the client showed its message) both restart the countdown (spec §4, §8)
      onSettled: () => countdown.start(),
    });
  };

  const onConfirm = () => {
    if (running()) return;
    if (!isCompleteCode(code)) {
      toast.show(t('enterCorrectVerificationCode'));
      return;
    }
    confirm.mutate(
      { orderId: params.orderId, verifyCode: code, repaymentRecordId: recordId },
      {
        onSuccess: () => toResult(recordId),
        onError: (error) => {
          toast.show(confirmFailureText(error, t));
          const outcome = confirmOutcome(error);
          // a repeat means this payment was confirmed before, a decline that it is over: its result shows where it stands
          if (outcome === 'repeated' || outcome === 'declined') toResult(recordId);
          if (outcome === 'wrong-code') setCode('');
        },
      },
    );
  };

  const onCancel = () => {
    setDialogOpen(false);
    setCode('');
    countdown.reset();
    // the token stays good: paying again, with this card or another, carries on with the same payment
    started.current = null;
  };

  return (
    <Page title={texts.title} back>
      {/* the client has toasted the message or 'query card list failed' (spec §8) */}
      <QueryState query={way} failed={way.error instanceof ApiError ? way.error.message : texts.loadFailed}>
        {(data) => {
          // UPI in India, e-wallets and QRIS in Indonesia (issue 51); the checkout when the server offers it (alipay 1); the virtual account and mini market in Indonesia only (decision 052)
          const otherWays = [
            // the coupon chosen here goes with the borrower to every other way to pay (issue 50)
            market === Market.India && { href: upiHref({ ...params, couponId }, data.amount), label: texts.upi },
            data.alipay === 1 && { href: thirdPartyHref({ ...params, couponId }, data.amount), label: texts.thirdParty },
            market === Market.Indonesia && { href: walletHref({ ...params, couponId }, data.amount), label: texts.wallet },
            market === Market.Indonesia && { href: methodChooserHref({ ...params, couponId }, data.amount), label: texts.methodChooser },
          ].filter((other) => other !== false);
          return (
            <form onSubmit={onPay} noValidate>
              <section className="panel amount-summary" aria-labelledby="pay-way-amount">
                <h2 id="pay-way-amount" className="amount-label">
                  {texts.amount}
                </h2>
                <p className="amount-figure">{formatMoney(data.amount, market)}</p>
              </section>

              {params.purpose === 'repay' && (
                <CouponChoice orderId={params.orderId} amount={data.amount} market={market} chosen={couponId} onChoose={setCouponId} />
              )}

              <fieldset className={choices.fieldset}>
                <legend className={choices.legend}>{texts.cards}</legend>
                {data.bankCards.length === 0 ? (
                  <Empty art="cards" description={texts.noCards} />
                ) : (
                  <ul className={choices.list}>
                    {data.bankCards.map((card) => (
                      <li key={card.id}>
                        <label className={choices.option}>
                          <input
                            type="radio"
                            name="card"
                            className={choices.radio}
                            value={card.id}
                            checked={cardId === card.id}
                            onChange={() => setCardId(card.id)}
                          />
                          <span className={choices.optionText}>
                            <span className={styles.bankName}>{card.bankName}</span> <span className={styles.cardNo}>{card.cardNo}</span>
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
                <Link href={bindCardHref({ ...params, couponId })} className={styles.addCard}>
                  <span aria-hidden="true">+ </span>
                  {texts.addCard}
                </Link>
              </fieldset>

              {otherWays.length > 0 && (
                <section aria-labelledby="pay-way-other" className={styles.other}>
                  <h2 id="pay-way-other" className={choices.legend}>
                    {texts.otherWays}
                  </h2>
                  <ul className={choices.list}>
                    {otherWays.map((other) => (
                      <li key={other.href}>
                        <Link href={other.href} className={styles.otherLink}>
                          {other.label}
                          <span aria-hidden="true">›</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </section>
              )}

              <div className="action-bar">
                <button type="submit" className="button button-primary button-block" aria-disabled={busy || way.isFetching}>
                  {texts.pay}
                </button>
              </div>
              <div className="action-bar-room" />
            </form>
          );
        }}
      </QueryState>
      <VerificationDialog
        open={dialogOpen}
        texts={texts}
        code={code}
        onCodeChange={setCode}
        countdown={countdown}
        busy={busy}
        onResend={onResend}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </Page>
  );
}
