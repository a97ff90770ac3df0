import { COLLECTION_PROBLEM_TYPE } from '@kilat/contract';
import type { ProblemType } from '@kilat/contract/schemas';
import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useContent, useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { toast } from '@/shared/toast';
import { GrievanceContact, Page, QueryState, WhatsAppHelp } from '@/shared/ui';
import { useProblemInit } from './api/get-problem-init';
import { saveComplaintOrder } from './complaint-rules';
import styles from './complaints.module.css';
import { OrderCard } from './components/order-card';
import { formHref } from './form-href';
import { complaintTexts } from './texts';
import { useSelectedOrder } from './use-selected-order';

/** The complaint entry (spec §2): the selected order, the question types, and 'My complaints'. */
export default function ComplaintEntryPage() {
  const t = useT();
  const texts = useContent(complaintTexts);
  const [, navigate] = useLocation();
  const { init, selected, select } = useSelectedOrder(useProblemInit);
  const [subTypesOpen, setSubTypesOpen] = useState(false);
  const typesHeading = useId();
  const subTypesHeading = useId();

  // the chosen order is saved locally for the form (spec §2)
  const goToForm = (problemType: number, problemSonType?: number) => {
    if (selected) saveComplaintOrder(selected.orderNo);
    navigate(formHref(problemType, problemSonType));
  };

  const chooseType = (type: ProblemType) => {
    if (type.value !== COLLECTION_PROBLEM_TYPE) {
      goToForm(type.value);
      return;
    }
    // spec §6: a collection complaint only for an order whose isShow is 1
    if (selected?.isShow !== 1) {
      setSubTypesOpen(false);
      toast.show(t('collectionNotSupported'));
      return;
    }
    setSubTypesOpen((open) => !open);
  };

  return (
    <Page
      title={texts.entryTitle}
      home
      headerExtra={
        <Link href={Paths.complaintList} className={styles.headerLink}>
          {t('myComplaints')}
        </Link>
      }
    >
      <QueryState query={init}>
        {(data) => (
          <>
            <OrderCard
              order={selected}
              orders={data.orderList}
              onSelect={(order) => {
                setSubTypesOpen(false);
                select(order);
              }}
            />
            <section className={styles.card} aria-labelledby={typesHeading}>
              <h2 id={typesHeading} className={styles.cardTitle}>
                {t('selectQuestionType')}
              </h2>
              <ul className={styles.choices}>
                {data.problemType.map((type) => (
                  <li key={type.value}>
                    <button
                      type="button"
                      className={styles.choice}
                      aria-expanded={type.value === COLLECTION_PROBLEM_TYPE ? subTypesOpen : undefined}
                      onClick={() => chooseType(type)}
                    >
                      {type.title}
                      <span aria-hidden="true">›</span>
                    </button>
                    {type.value === COLLECTION_PROBLEM_TYPE && subTypesOpen && (
                      <section className={styles.subTypes} aria-labelledby={subTypesHeading}>
                        <h3 id={subTypesHeading} className="visually-hidden">
                          {texts.chooseSubType}
                        </h3>
                        <ul className={styles.choices}>
                          {data.problemSonType.map((subType) => (
                            <li key={subType.value}>
                              <button type="button" className={styles.choice} onClick={() => goToForm(type.value, subType.value)}>
                                {subType.title}
                                <span aria-hidden="true">›</span>
                              </button>
                            </li>
                          ))}
                        </ul>
                      </section>
                    )}
                  </li>
                ))}
              </ul>
            </section>
            <WhatsAppHelp orderNo={selected?.orderNo} />
            <GrievanceContact />
          </>
        )}
      </QueryState>
    </Page>
  );
}
