import { interpolate } from '@kilat/contract';
import { useLocation } from 'wouter';
import { formatApr, formatMoney } from '@/shared/format';
import { useMarket } from '@/shared/i18n';
import { repayHref } from '@/shared/repay-entry';
import styles from '../loan-details.module.css';

interface CoolingOffExitProps {
  /** the server's offer: the period's last day, what exiting costs today and what that figure is made of */
  offer: {
    lastDay: string;
    exitMinor: number;
    principalMinor: number;
    costMinor: number;
    daysHeld: number;
    aprBps: number;
    repaidMinor: number;
  };
  productId: string;
  orderId: string;
  texts: { coolingOffTitle: string; coolingOffBody: string; coolingOffRepaid: string; oneDay: string; manyDays: string; exitLoan: string };
}

/**
 * India's cooling-off exit (issue 17, RBI digital lending directions): until the period's last day
 * the borrower may leave the loan by repaying the amount the lending core computed — the principal
 * and the APR for the days held, no penalty. It hands over to the market's repayment flow with that amount.
 */
export function CoolingOffExit({ offer, productId, orderId, texts }: CoolingOffExitProps) {
  const market = useMarket();
  const [, navigate] = useLocation();
  const amount = formatMoney(offer.exitMinor, market);
  return (
    <section className={styles.card} aria-labelledby="loan-cooling-off">
      <h2 id="loan-cooling-off" className={styles.sectionTitle}>
        {texts.coolingOffTitle}
      </h2>
      {/* the figure said as what it is (issue 48): the principal and the APR for the days held, not "interest" */}
      <p className={styles.notice}>
        {interpolate(texts.coolingOffBody, {
          date: offer.lastDay,
          amount,
          principal: formatMoney(offer.principalMinor, market),
          cost: formatMoney(offer.costMinor, market),
          apr: formatApr(offer.aprBps, market),
          days: offer.daysHeld === 1 ? texts.oneDay : interpolate(texts.manyDays, { n: offer.daysHeld }),
        })}
        {offer.repaidMinor > 0 && ` ${interpolate(texts.coolingOffRepaid, { repaid: formatMoney(offer.repaidMinor, market) })}`}
      </p>
      <button
        type="button"
        className="button button-block"
        onClick={() => navigate(repayHref(market, { orderId, productId, amountMinor: offer.exitMinor, purpose: 'repay' }))}
      >
        {texts.exitLoan}
      </button>
    </section>
  );
}
