import { interpolate, PagePaths } from '@kilat/contract';
import { useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { formatMoney } from '@/shared/format';
import { useSettledValue } from '@/shared/hooks/use-settled-value';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { type LoanChoice, loanStepHref, readLoanChoice, rememberLoanChoice } from '@/shared/loan-choice';
import { getQueryContext } from '@/shared/query-context';
import { AmountTermPicker, DetailRows, Page, ProductLogo, QueryState } from '@/shared/ui';
import { Modal } from '@/shared/ui/modal';
import { getContractUrl } from './api/get-contract-url';
import { useContracts } from './api/get-contracts';
import { useDisbursalAccount } from './api/get-disbursal-account';
import { useIdentity } from './api/get-identity';
import { useLoanConfirm } from './api/get-loan-confirm';
import { usePushLoan } from './api/push-loan';
import {
  AGREEMENT_CHECKED_BY_DEFAULT,
  agreementOpensInApp,
  canConfirm,
  isWebUrl,
  missingSteps,
  needsPopUp,
  withFromConfirm,
} from './confirm-rules';
import styles from './loan-confirm.module.css';
import { loanConfirmTexts } from './texts';

/** Loan confirmation V3 (spec §2, §4): the offer, its repayment plan, the agreements and confirm. */
export default function LoanConfirmPage() {
  const texts = useContent(loanConfirmTexts);
  const t = useT();
  const market = useMarket();
  const [, navigate] = useLocation();
  const { productId, orderId } = useMemo(() => getQueryContext(), []);
  // the amount and term chosen on the application (the address carries them, through every step and a reload), then moved here
  const [chosen, setChosenState] = useState<LoanChoice>(readLoanChoice);
  const setChosen = (choice: LoanChoice) => {
    setChosenState(choice);
    rememberLoanChoice(choice);
  };
  const asked = useSettledValue(chosen);
  const offer = useLoanConfirm(productId, asked);
  // the offer on screen is the one of the borrower's choice: never the previous choice's, kept on screen while the next is asked
  const offerIsTheChoice = offer.data !== undefined && !offer.isPlaceholderData && asked === chosen;
  const contracts = useContracts(productId);
  const push = usePushLoan();
  const payout = useDisbursalAccount();
  const identity = useIdentity();
  const [agreed, setAgreed] = useState(AGREEMENT_CHECKED_BY_DEFAULT);
  const [popUpOpen, setPopUpOpen] = useState(false);
  // the steps still missing, said when Confirm is tapped and before any agreement opens (issue 48)
  const [missingShown, setMissingShown] = useState(false);
  const missing = missingSteps(identity.data?.status, payout.data ? (payout.data.account?.usable ?? false) : undefined);
  const checkboxId = useId();

  const openAgreement = async (position: number) => {
    try {
      const { contract_url } = await getContractUrl(productId, position, orderId, offerIsTheChoice ? offer.data?.proposalNo : undefined);
      if (agreementOpensInApp(contract_url)) navigate(contract_url);
      else window.location.assign(contract_url);
    } catch {
      // the client has shown the server's message
    }
  };

  const submit = () => {
    if (!offer.data || !offerIsTheChoice || push.isRunning()) return;
    setPopUpOpen(false);
    const { amount, periods, termUnit, proposalNo } = offer.data;
    // a refused loan stays on the offer: the client has shown the server's message (an expired proposal: the offer is made again)
    push.mutate(
      { amount, periods, termUnit, productId, proposalNo },
      {
        onError: () => void offer.refetch(),
        onSuccess: ({ lendDetailsUrl }) => {
          const target = withFromConfirm(lendDetailsUrl);
          if (isWebUrl(target)) window.location.assign(target);
          else navigate(target);
        },
      },
    );
  };

  const onConfirm = () => {
    if (!offer.data || !offerIsTheChoice || !canConfirm(agreed, push.isPending)) return;
    if (missing.length > 0) {
      setMissingShown(true);
      return;
    }
    if (needsPopUp(offer.data.isPopType)) setPopUpOpen(true);
    else submit();
  };

  return (
    <Page title={texts.title} back>
      <QueryState query={offer} failed={texts.loadFailed}>
        {(loan) => {
          // open loans use the whole limit (issue 48): said so, and nothing is offered to confirm
          if (loan.choice.nothingLeft) {
            return (
              <section className="panel" aria-labelledby="confirm-product">
                <div className={styles.product}>
                  <ProductLogo className={styles.logo} src={loan.productLogo} name={loan.productName} />
                  <h2 id="confirm-product" className={styles.productName}>
                    {loan.productName}
                  </h2>
                </div>
                <p className={styles.note}>{loan.choice.limitNote}</p>
              </section>
            );
          }
          return (
            <>
              <section className="panel" aria-labelledby="confirm-product">
                <div className={styles.product}>
                  <ProductLogo className={styles.logo} src={loan.productLogo} name={loan.productName} />
                  <h2 id="confirm-product" className={styles.productName}>
                    {loan.productName}
                  </h2>
                </div>
                <AmountTermPicker
                  market={market}
                  choice={loan.choice}
                  amountMinor={chosen.amount ?? loan.amount}
                  termDays={chosen.term ?? loan.periods}
                  onChange={({ amountMinor, termDays }) => setChosen({ amount: amountMinor, term: termDays })}
                />
                <DetailRows
                  className={styles.offerRows}
                  rows={[
                    Boolean(loan.pRateDsc) && { label: t('interestRate'), value: loan.pRateDsc },
                    ...loan.details.map((line) => ({ label: line.text, value: line.value })),
                  ]}
                />
              </section>

              {identity.data && (
                <section className="panel" aria-labelledby="confirm-identity">
                  <h2 id="confirm-identity" className={styles.sectionTitle}>
                    {texts.identityTitle}
                  </h2>
                  <p className={identity.data.status === 'verified' ? styles.payoutTo : styles.muted}>
                    {identity.data.status === 'verified'
                      ? interpolate(texts.identityVerified, { name: identity.data.name })
                      : (identity.data.reason ?? texts.identityMissing)}
                  </p>
                  {identity.data.status !== 'verified' && (
                    <Link className={`button button-block ${styles.payoutLink}`} href={loanStepHref(PagePaths.identity, productId, chosen)}>
                      {texts.identityLink}
                    </Link>
                  )}
                </section>
              )}

              {payout.data && (
                <section className="panel" aria-labelledby="confirm-payout">
                  <h2 id="confirm-payout" className={styles.sectionTitle}>
                    {texts.payoutTitle}
                  </h2>
                  {payout.data.account?.usable ? (
                    <p className={styles.payoutTo}>
                      {payout.data.account.kind === 'upi'
                        ? interpolate(texts.payoutToUpi, { last4: payout.data.account.last4, psp: payout.data.account.channelCode })
                        : interpolate(texts.payoutTo, { bank: payout.data.account.bankName, last4: payout.data.account.last4 })}
                    </p>
                  ) : (
                    <p className={styles.muted}>{payout.data.account?.reason ?? texts.payoutMissing}</p>
                  )}
                  <Link
                    className={`button button-block ${styles.payoutLink}`}
                    href={loanStepHref(PagePaths.disbursalAccount, productId, chosen)}
                  >
                    {payout.data.account?.usable ? texts.payoutChange : payout.data.account ? texts.payoutFix : texts.payoutAdd}
                  </Link>
                </section>
              )}

              {loan.repay_plans.length > 0 && (
                <section className="panel" aria-labelledby="confirm-plan">
                  <h2 id="confirm-plan" className={styles.sectionTitle}>
                    {texts.repaymentPlan}
                  </h2>
                  {loan.firstPayTime && <p className={styles.muted}>{interpolate(texts.firstRepayment, { date: loan.firstPayTime })}</p>}
                  <ol className={styles.plan}>
                    {loan.repay_plans.map((plan) => (
                      <li key={`${plan.title}-${plan.pay_time}`} className={styles.planRow}>
                        <div>
                          <p className={styles.planTitle}>{plan.title}</p>
                          <p className={styles.muted}>
                            {plan.pay_time}
                            {plan.description ? ` · ${plan.description}` : ''}
                          </p>
                        </div>
                        <p className={styles.planAmount}>{formatMoney(plan.amount, market)}</p>
                      </li>
                    ))}
                  </ol>
                </section>
              )}

              {/* RBI digital-lending rules (and, in Indonesia, the same facts: issue 48): the key facts before confirming, as the server sends them */}
              {loan.keyFacts && (
                <section className="panel" aria-labelledby="confirm-key-facts">
                  <h2 id="confirm-key-facts" className={styles.sectionTitle}>
                    {t('loanKeyFactTitle')}
                  </h2>
                  <p className={styles.muted}>{texts.keyFactsIntro}</p>
                  <DetailRows
                    rows={[
                      { label: texts.principal, value: formatMoney(loan.keyFacts.principalMinor, market) },
                      { label: t('loanTotalCost'), value: formatMoney(loan.keyFacts.totalCostMinor, market) },
                      { label: t('loanTotalRepayment'), value: formatMoney(loan.keyFacts.totalRepaymentMinor, market) },
                      { label: t('loanApr'), value: loan.keyFacts.apr },
                      ...loan.keyFacts.fees.map((fee) => ({ label: fee.text, value: fee.value })),
                    ]}
                  />
                </section>
              )}

              {loan.note && <p className={styles.note}>{loan.note}</p>}

              <section className={styles.agreements} aria-label={texts.agreements}>
                <input
                  id={checkboxId}
                  type="checkbox"
                  className={styles.checkbox}
                  checked={agreed}
                  onChange={(event) => setAgreed(event.target.checked)}
                />
                <div>
                  <label htmlFor={checkboxId}>{texts.agreementsIntro}</label>
                  {/* one agreement a line: two titles never run together ("Loan agreementKey fact statement") */}
                  <ul className={styles.agreementList}>
                    {(contracts.data?.list ?? []).map((contract) => (
                      <li key={contract.position}>
                        <button type="button" className={styles.agreementLink} onClick={() => void openAgreement(contract.position)}>
                          {contract.title}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              </section>

              {/* what is still missing, read out where the borrower tapped, each with its way there */}
              <div role="alert" className={styles.missing}>
                {missingShown && missing.length > 0 && (
                  <ul>
                    {missing.map((step) => (
                      <li key={step}>
                        {texts.missing[step]}{' '}
                        <Link href={loanStepHref(step === 'identity' ? PagePaths.identity : PagePaths.disbursalAccount, productId, chosen)}>
                          {step === 'identity' ? texts.identityLink : texts.payoutAdd}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </div>

              <button
                type="button"
                className="button button-primary button-block"
                disabled={!canConfirm(agreed, push.isPending) || !offerIsTheChoice}
                onClick={onConfirm}
              >
                {texts.confirm}
              </button>

              <Modal open={popUpOpen} title={loan.popTitle || texts.agreements} onClose={() => setPopUpOpen(false)}>
                {loan.popContent && <p className={styles.popContent}>{loan.popContent}</p>}
                {loan.popAgreementUrl && (
                  <iframe className={styles.frame} src={loan.popAgreementUrl} title={loan.popTitle || texts.agreementFrame} />
                )}
                <div className={styles.dialogButtons}>
                  <button type="button" className="button" onClick={() => setPopUpOpen(false)}>
                    {t('cancel')}
                  </button>
                  <button type="button" className="button button-primary" onClick={submit}>
                    {t('agree')}
                  </button>
                </div>
              </Modal>
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
