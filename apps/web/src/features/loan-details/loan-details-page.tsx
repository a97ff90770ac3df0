import { interpolate, Market, OrderStatus, RecommendModule } from '@kilat/contract';
import type { DetailRecommendedProduct } from '@kilat/contract/schemas';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { goHome, goProductPage, openStoreRating, openTarget } from '@/shared/bridge/native-bridge';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { getQueryContext } from '@/shared/query-context';
import { dismissRating, ratingDismissed } from '@/shared/rating-dismissals';
import { toast } from '@/shared/toast';
import { DetailRows, HelpLinks, Page, ProductLogo, QueryState, UnbrokenDates } from '@/shared/ui';
import { Modal } from '@/shared/ui/modal';
import { StarRating } from '@/shared/ui/star-rating';
import { useLoanDetails } from './api/get-loan-details';
import { saveEvent } from './api/save-event';
import { useSaveStoreScore } from './api/save-store-score';
import { useTapRecommended } from './api/tap-recommended';
import { useWithdrawApplication } from './api/withdraw-application';
import { Autopay } from './components/autopay';
import { CoolingOffExit } from './components/cooling-off-exit';
import { DisbursalActions } from './components/disbursal-actions';
import { afterRating, buttonsFor, isWebUrl, opensRatingOnLoad, repayTarget, statusImageFor, withOrder } from './details-rules';
import styles from './loan-details.module.css';
import { loanDetailsTexts } from './texts';

const openUrl = (url: string, navigate: (to: string) => void) => {
  if (isWebUrl(url)) window.location.assign(url);
  else navigate(url);
};

/** Loan details, version 3 (spec §2, §4): status, notices, detail rows, the buttons of the status, recommendations and rating. */
export default function LoanDetailsPage() {
  const texts = useContent(loanDetailsTexts);
  const t = useT();
  const market = useMarket();
  const withdraw = useWithdrawApplication();
  const [, navigate] = useLocation();
  // product id and order id come from the shared request parameters (spec §2)
  const { productId, orderId } = useMemo(() => getQueryContext(), []);
  const details = useLoanDetails(productId, orderId);
  const saveScore = useSaveStoreScore();
  const [ratingOpen, setRatingOpen] = useState(false);
  const [thankYouOpen, setThankYouOpen] = useState(false);
  const [stars, setStars] = useState(0);
  const tap = useTapRecommended();

  const isScore = details.data?.isScore;
  useEffect(() => {
    // a Cancel is the borrower's answer: the dialog does not open by itself again (issue 30)
    if (isScore !== undefined && opensRatingOnLoad(isScore) && !ratingDismissed('order', orderId)) setRatingOpen(true);
  }, [isScore, orderId]);

  const closeRating = () => {
    setRatingOpen(false);
    setStars(0);
  };

  const cancelRating = () => {
    dismissRating('order', orderId);
    closeRating();
  };

  const submitRating = () => {
    if (stars === 0) {
      toast.show(t('pleaseChoose'));
      return;
    }
    if (saveScore.isRunning()) return;
    // a refused score keeps the rating open: the client has shown the server's message
    saveScore.mutate(
      { productId, orderId, score: stars },
      {
        onSuccess: () => {
          if (afterRating(stars) === 'store-prompt')
            void openStoreRating(stars); // its failures are ignored
          else setThankYouOpen(true);
          closeRating();
        },
      },
    );
  };

  const onLoanMore = async () => {
    await saveEvent({ productId, moduleId: RecommendModule.loanMoreEvent, positionId: 0 });
    void goProductPage(productId);
  };

  const onRecommended = (product: DetailRecommendedProduct, position: number) => {
    if (product.clickable !== 1 || tap.isRunning()) return;
    // a refused tap stays on the page: the client has toasted the message
    tap.mutate(
      { productId: product.id, orderId, positionId: position },
      {
        onSuccess: ({ url }) => {
          if (isWebUrl(url)) window.location.assign(url);
          else void openTarget(url);
        },
      },
    );
  };

  return (
    <Page title={texts.title} home>
      {/* a response with success false shows nothing (spec §8) */}
      <QueryState query={details} onError={null}>
        {(order) => {
          const buttons = buttonsFor(order.orderStatus, order.isDelay, order.loanMore);
          const rows = order.userOrderDetail.detail.filter((row) => row.text.trim() !== '' && row.value.trim() !== '');
          const hasButtons = buttons.repay || buttons.delay || buttons.loanMore;
          return (
            <>
              <section className={styles.status} aria-labelledby="loan-status">
                <img
                  className={styles.statusImage}
                  src={statusImageFor(order.orderStatus)}
                  alt=""
                  width={160}
                  height={120}
                  decoding="async"
                />
                <h2 id="loan-status" className={styles.headline}>
                  <UnbrokenDates text={order.noticeStatusText} />
                </h2>
                {order.noticeDesText && (
                  <p className={styles.notice}>
                    <UnbrokenDates text={order.noticeDesText} />
                  </p>
                )}
                {/* where the money went (issue 28): the rows add when and the bank's reference */}
                {order.disbursal?.state === 'sent' && order.orderStatus === OrderStatus.Disbursed && (
                  <p className={styles.notice}>{t('loanSentToNotice', { last4: order.disbursal.last4 })}</p>
                )}
              </section>

              <section className={styles.card} aria-labelledby="loan-product">
                <div className={styles.product}>
                  <ProductLogo className={styles.logo} src={order.productLogo} name={order.productName} />
                  <h2 id="loan-product" className={styles.productName}>
                    {order.productName}
                  </h2>
                </div>
                <DetailRows rows={rows.map((row) => ({ label: row.text, value: row.value }))} label={texts.orderDetails} />
              </section>

              {order.canWithdraw === 1 && (
                <button
                  type="button"
                  className="button button-block"
                  onClick={() => {
                    if (!withdraw.isRunning()) withdraw.mutate({ productId, orderId });
                  }}
                >
                  {t('loanWithdraw')}
                </button>
              )}

              {order.disbursal && <DisbursalActions disbursal={order.disbursal} productId={productId} orderId={orderId} />}

              {order.coolingOff && <CoolingOffExit offer={order.coolingOff} productId={productId} orderId={orderId} texts={texts} />}

              {/* India's AutoPay (issue 51 item 2): optional, explained, set up and managed here */}
              {market === Market.India && <Autopay orderId={orderId} />}

              {hasButtons && (
                <fieldset className={styles.buttons}>
                  <legend className="visually-hidden">{texts.actions}</legend>
                  {buttons.repay && (
                    <button
                      type="button"
                      className="button button-primary button-block"
                      onClick={() => openUrl(repayTarget(order.h5Url, Paths.repay, productId, orderId), navigate)}
                    >
                      {t('repay')}
                    </button>
                  )}
                  {buttons.delay && (
                    <a
                      className={styles.delayLink}
                      href={withOrder(Paths.repayDelay, productId, orderId)}
                      onClick={(event) => {
                        event.preventDefault();
                        navigate(withOrder(Paths.repayDelay, productId, orderId));
                      }}
                    >
                      {t('delayRepayment')}
                    </a>
                  )}
                  {buttons.loanMore && (
                    <button type="button" className="button button-primary button-block" onClick={() => void onLoanMore()}>
                      {t('loanMore')}
                    </button>
                  )}
                </fieldset>
              )}
              {/* issue 49: every posting of this loan with its value date */}
              <Link href={withOrder(Paths.loanStatement, productId, orderId)} className={styles.delayLink}>
                {t('loanStatementLink')}
              </Link>
              {/* issue 49: a closed loan's closure (no-dues) letter */}
              {(order.orderStatus === OrderStatus.Settled || order.orderStatus === OrderStatus.ClosedEarly) && (
                <Link href={withOrder(Paths.closureLetter, productId, orderId)} className={styles.delayLink}>
                  {t('loanClosureLetterLink')}
                </Link>
              )}

              {/* DESIGN §6: the list shows when the server returns products (the spec's check always hid it) */}
              {order.recProducts.length > 0 && (
                <section className={styles.recommended} aria-labelledby="loan-recommended">
                  <div className={styles.recommendedHead}>
                    <h2 id="loan-recommended" className={styles.sectionTitle}>
                      {texts.recommended}
                    </h2>
                    <button type="button" className={styles.moreLink} onClick={() => void goHome()}>
                      {t('moreProducts')}
                    </button>
                  </div>
                  <ul className={styles.list}>
                    {order.recProducts.map((product, position) => (
                      <li key={product.id} className={styles.recRow}>
                        <div className={styles.recHead}>
                          <ProductLogo className={styles.logo} src={product.logo} name={product.name} lazy />
                          <h3 className={styles.recName}>{product.name}</h3>
                          <button
                            type="button"
                            className={styles.apply}
                            disabled={product.clickable !== 1}
                            onClick={() => onRecommended(product, position)}
                          >
                            {product.buttonLabel}
                          </button>
                        </div>
                        <p className={styles.figures}>
                          <span className={styles.value}>{product.rangeText}</span>{' '}
                          <span className={styles.muted}>{product.rangeDescription}</span>{' '}
                          <span className={styles.value}>{product.rateText}</span>
                        </p>
                        {product.description && <p className={styles.muted}>{product.description}</p>}
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              {/* the way to help in a phone browser (issue 30); a refused answer still shows nothing (spec §8) */}
              <HelpLinks phoneBrowserOnly />
            </>
          );
        }}
      </QueryState>
      <Modal open={ratingOpen} title={t('ratingPrompt')} onClose={cancelRating}>
        <StarRating
          value={stars}
          onChange={setStars}
          legend={t('ratingPrompt')}
          starLabel={(n) => (n === 1 ? texts.oneStar : interpolate(texts.stars, { n }))}
        />
        <div className={styles.dialogButtons}>
          <button type="button" className="button" onClick={cancelRating}>
            {t('cancel')}
          </button>
          <button type="button" className="button button-primary" onClick={submitRating} disabled={saveScore.isPending}>
            {texts.submit}
          </button>
        </div>
      </Modal>
      <Modal open={thankYouOpen} title={texts.thankYouTitle} onClose={() => setThankYouOpen(false)}>
        <p>{texts.thankYouBody}</p>
        <button type="button" className="button button-primary button-block" onClick={() => setThankYouOpen(false)}>
          {texts.ok}
        </button>
      </Modal>
    </Page>
  );
}
