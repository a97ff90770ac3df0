import { useId } from 'react';
import { useLocation } from 'wouter';
import { useContent, useT } from '@/shared/i18n';
import { Page, QueryState } from '@/shared/ui';
import { useProblemInitV3 } from './api/get-problem-init';
import { useQaCategories } from './api/get-qa-categories';
import styles from './complaints.module.css';
import { CategoryIcon } from './components/category-icon';
import { OrderCard } from './components/order-card';
import { chatbotHref } from './form-href';
import { complaintTexts } from './texts';
import { useSelectedOrder } from './use-selected-order';

/** The new complaint page (spec §2, Indonesian): the order with its switcher and 4 question categories that open the chatbot. */
export default function ComplaintNewPage() {
  const t = useT();
  const texts = useContent(complaintTexts);
  const [, navigate] = useLocation();
  const { init, selected, select } = useSelectedOrder(useProblemInitV3);
  const orderNo = selected?.orderNo ?? '';
  const categories = useQaCategories(orderNo, !init.isPending);
  const headingId = useId();

  return (
    <Page title={texts.newTitle} back home>
      <QueryState query={init}>{(data) => <OrderCard order={selected} orders={data.orderList} onSelect={select} />}</QueryState>
      <section className={styles.card} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.cardTitle}>
          {t('chooseProblemCategory')}
        </h2>
        <QueryState
          query={categories}
          onError={
            <button type="button" className="button" onClick={() => categories.refetch()}>
              {t('retry')}
            </button>
          }
        >
          {(data) => (
            <ul className={styles.categories}>
              {data.answerList.map((category, position) => (
                <li key={category.id}>
                  <button type="button" className={styles.category} onClick={() => navigate(chatbotHref(orderNo, category.id))}>
                    <CategoryIcon position={position} />
                    <span>{category.title_local}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </Page>
  );
}
