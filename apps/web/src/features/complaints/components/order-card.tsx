import type { OrderSummary } from '@kilat/contract/schemas';
import { useId, useState } from 'react';
import { useContent, useT } from '@/shared/i18n';
import { DetailRows, ProductLogo } from '@/shared/ui';
import styles from '../complaints.module.css';
import { complaintTexts } from '../texts';

export interface OrderCardProps {
  order: OrderSummary | null;
  orders: readonly OrderSummary[];
  onSelect: (order: OrderSummary) => void;
}

function OrderSummaryView({ order }: { order: OrderSummary }) {
  return (
    <div className={styles.orderSummary}>
      <div className={styles.orderProduct}>
        <ProductLogo className={styles.orderLogo} src={order.productLogo} name={order.productName} />
        <strong>{order.productName}</strong>
      </div>
      <DetailRows className={styles.orderRows} rows={order.list.map((row) => ({ key: row.title, label: row.title, value: row.value }))} />
    </div>
  );
}

/** The selected-order card with the 'All' toggle that picks another order from the list (spec §2). */
export function OrderCard({ order, orders, onSelect }: OrderCardProps) {
  const t = useT();
  const texts = useContent(complaintTexts);
  const [listOpen, setListOpen] = useState(false);
  const listId = useId();
  const headingId = useId();

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHeader}>
        <h2 id={headingId} className={styles.cardTitle}>
          {texts.selectedOrder}
        </h2>
        {orders.length > 0 && (
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={listOpen}
            aria-controls={listId}
            onClick={() => setListOpen((open) => !open)}
          >
            {t('all')}
          </button>
        )}
      </div>
      {order ? <OrderSummaryView order={order} /> : <p>{texts.noOrders}</p>}
      {listOpen && (
        <ul id={listId} className={styles.orderList} aria-label={texts.chooseOrder}>
          {orders.map((candidate) => (
            <li key={candidate.orderNo}>
              <button
                type="button"
                className={styles.orderChoice}
                aria-pressed={candidate.orderNo === order?.orderNo}
                onClick={() => {
                  onSelect(candidate);
                  setListOpen(false);
                }}
              >
                <span>{candidate.productName}</span>
                <span className={styles.orderNo}>{candidate.orderNo}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
