import type { DetailRecommendedProduct } from '@kilat/contract/schemas';
import { useMemo } from 'react';
import { openTarget } from '@/shared/bridge/native-bridge';
import { envConfig } from '@/shared/config/env-config';
import { useContent, useMarket } from '@/shared/i18n';
import { commonParams, pageParam } from '@/shared/query-context';
import { Page, ProductLogo, QueryState } from '@/shared/ui';
import { useApplyJointProduct } from './api/apply-joint-product';
import { useJointLoginFailure } from './api/get-joint-login-failure';
import { recordProductTap } from './api/record-product-tap';
import statusImage from './assets/login-failed.svg';
import styles from './joint-login-failure.module.css';
import { isClickable, isWebUrl, withCommonQuery } from './joint-rules';
import { jointLoginFailureTexts } from './texts';

/** The joint-login failure page (spec §2): status image, headline, notice and products to apply for instead. */
export default function JointLoginFailurePage() {
  const texts = useContent(jointLoginFailureTexts);
  const market = useMarket();
  const approaches = useMemo(() => pageParam('approaches'), []);
  const failure = useJointLoginFailure(approaches);
  const apply = useApplyJointProduct();

  const onApply = (product: DetailRecommendedProduct, position: number) => {
    // a row whose clickable flag is not 1 does nothing (spec §5); one apply at a time
    if (!isClickable(product.clickable) || apply.isRunning()) return;
    void recordProductTap(product.id, position); // fire-and-forget: never awaited
    // a failure's message is shown by the client
    apply.mutate(
      { productId: product.id },
      {
        onSuccess: ({ url }) => {
          if (isWebUrl(url)) window.location.assign(withCommonQuery(url, commonParams()));
          else void openTarget(url);
        },
      },
    );
  };

  // the page title is the app name of the language settings (spec §2)
  return (
    <Page title={envConfig.appName[market]}>
      <QueryState query={failure} failed={texts.loadFailed}>
        {({ headline, notice, list }) => (
          <>
            <section className={styles.status}>
              <img className={styles.statusImage} src={statusImage} alt="" width={160} height={120} />
              <h2 className={styles.headline}>{headline}</h2>
              <p className={styles.notice}>{notice}</p>
            </section>
            {list.length > 0 && (
              <section aria-labelledby="joint-products">
                <h2 id="joint-products" className="visually-hidden">
                  {texts.products}
                </h2>
                <ul className="card-list">
                  {list.map((product, position) => (
                    <li key={product.id} className={styles.row}>
                      <div className={styles.head}>
                        <ProductLogo className={styles.logo} src={product.logo} name={product.name} lazy={position >= 2} />
                        <h3 className={styles.name}>{product.name}</h3>
                        <button
                          type="button"
                          className={styles.apply}
                          disabled={!isClickable(product.clickable) || apply.isPending}
                          onClick={() => onApply(product, position)}
                        >
                          {product.buttonLabel}
                        </button>
                      </div>
                      <div className={styles.figures}>
                        <p className={styles.figure}>
                          <span className={styles.value}>{product.rangeText}</span>
                          <span className={styles.label}>{product.rangeDescription}</span>
                        </p>
                        <p className={styles.figure}>
                          <span className={styles.value}>{product.rateText}</span>
                        </p>
                      </div>
                      {product.description && <p className={styles.description}>{product.description}</p>}
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </QueryState>
    </Page>
  );
}
