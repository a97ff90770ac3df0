import { interpolate } from '@kilat/contract';
import type { RecommendedProduct } from '@kilat/contract/schemas';
import { useMemo } from 'react';
import { goHome, openTarget } from '@/shared/bridge/native-bridge';
import { useContent, useT } from '@/shared/i18n';
import { pageParam } from '@/shared/query-context';
import { Empty, Page, ProductLogo, QueryState } from '@/shared/ui';
import { useApplyProduct } from './api/apply-product';
import { useRecommendedProducts } from './api/get-recommended-products';
import { savePageEvent } from './api/save-page-event';
import { DEFAULT_SCENE, isClickable, isWebUrl, showsTags } from './product-rules';
import styles from './recommended-products.module.css';
import { recommendedProductsTexts } from './texts';

/** /relevant, 'Pengajuan Khusus' (spec §2): recommended products of a scene; a tap applies for one. */
export default function RecommendedProductsPage() {
  const texts = useContent(recommendedProductsTexts);
  const t = useT();
  const scene = useMemo(() => pageParam('scene') || DEFAULT_SCENE, []);
  const products = useRecommendedProducts(scene);
  const apply = useApplyProduct();

  const onApply = (product: RecommendedProduct, position: number, moduleId: number) => {
    // a product with buttonStatus 0 is not clickable (spec §5); one apply at a time
    if (!isClickable(product.buttonStatus) || apply.isRunning()) return;
    void savePageEvent({ productId: product.id, moduleId, positionId: position });
    // a failure's message is shown by the client
    apply.mutate(
      { product_id: product.id, module_id: moduleId, scene },
      {
        onSuccess: ({ url }) => {
          if (isWebUrl(url)) window.location.assign(url);
          else void openTarget(url);
        },
      },
    );
  };

  return (
    <Page title={t('specialOffers')}>
      <QueryState query={products} failed={texts.loadFailed}>
        {({ list, moduleId }) =>
          list.length === 0 ? (
            <Empty art="products" description={t('applicationsFull')}>
              <button type="button" className="button button-primary" onClick={() => void goHome()}>
                {t('backToHome')}
              </button>
            </Empty>
          ) : (
            <ul className="card-list">
              {list.map((product, position) => (
                <li key={product.id} className={styles.card}>
                  <div className={styles.head}>
                    <ProductLogo className={styles.logo} src={product.productLogo} name={product.productName} lazy={position >= 2} />
                    <h2 className={styles.name}>{product.productName}</h2>
                  </div>
                  <div className={styles.figures}>
                    <p className={styles.figure}>
                      <span className={styles.amount}>{product.amountRange}</span>
                      <span className={styles.label}>{product.amountRangeDes}</span>
                    </p>
                    <p className={styles.figure}>
                      <span className={styles.rate}>{product.loan_rate}</span>
                      <span className={styles.label}>{texts.rate}</span>
                    </p>
                  </div>
                  {product.productDesc && <p className={styles.description}>{product.productDesc}</p>}
                  {showsTags(position) && product.productTags.length > 0 && (
                    <ul className={styles.tags} aria-label={interpolate(texts.tags, { name: product.productName })}>
                      {product.productTags.map((tag) => (
                        <li key={tag} className={styles.tag}>
                          {tag}
                        </li>
                      ))}
                    </ul>
                  )}
                  <button
                    type="button"
                    className={`button button-primary button-block ${styles.apply}`}
                    disabled={!isClickable(product.buttonStatus) || apply.isPending}
                    onClick={() => onApply(product, position, moduleId)}
                  >
                    {product.buttonText}
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </Page>
  );
}
