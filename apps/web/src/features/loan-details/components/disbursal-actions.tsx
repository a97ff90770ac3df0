import type { CallData } from '@kilat/contract/schemas';
import { Link } from 'wouter';
import { useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { useCancelLoan } from '../api/cancel-loan';
import styles from '../loan-details.module.css';

type Disbursal = NonNullable<CallData<'loanDetails'>['disbursal']>;

/**
 * A loan whose money did not arrive (its payout failed for good or came back, issue 28): the
 * borrower gives another account (the payout is then sent again) or cancels at no cost.
 */
export function DisbursalActions({ disbursal, productId, orderId }: { disbursal: Disbursal; productId: string; orderId: string }) {
  const t = useT();
  const cancel = useCancelLoan();
  if (disbursal.fixable !== 1) return null;
  return (
    <fieldset className={styles.buttons}>
      <legend className="visually-hidden">{t('loanNoticePayoutFailed')}</legend>
      <Link className="button button-primary button-block" href={Paths.disbursalAccount}>
        {t('loanGiveAnotherAccount')}
      </Link>
      <button
        type="button"
        className="button button-block"
        onClick={() => {
          if (!cancel.isRunning()) cancel.mutate({ productId, orderId });
        }}
      >
        {t('loanCancel')}
      </button>
    </fieldset>
  );
}
