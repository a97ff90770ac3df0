import { type CSSProperties, type KeyboardEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { useContent, useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { Empty, Page, QueryState } from '@/shared/ui';
import { mergeProblemPages, useProblemList } from './api/get-problem-list';
import styles from './complaints.module.css';
import { complaintTexts } from './texts';

/** The complaint list (spec §2): the server's tabs, 3 in view, each listing time, problem type and content. */
export default function ComplaintListPage() {
  const t = useT();
  const texts = useContent(complaintTexts);
  const list = useProblemList();
  const [active, setActive] = useState(0);
  const idBase = useId();

  const tabId = (index: number) => `${idBase}-tab-${index}`;
  const panelId = `${idBase}-panel`;

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number, count: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (index + step + count) % count;
    setActive(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <Page title={t('myComplaints')} back home>
      <QueryState query={list}>
        {(data) => {
          const tabs = mergeProblemPages(data.pages);
          const perView = Math.max(1, data.pages[0]?.pageCount ?? 3);
          const current = tabs[Math.min(active, tabs.length - 1)];
          return (
            <>
              <div
                role="tablist"
                aria-label={texts.listTabs}
                className={styles.tabs}
                style={{ '--tabs-per-view': perView } as CSSProperties}
              >
                {tabs.map((tab, index) => (
                  <button
                    key={tab.status}
                    id={tabId(index)}
                    type="button"
                    role="tab"
                    className={styles.tab}
                    aria-selected={tab === current}
                    aria-controls={panelId}
                    tabIndex={tab === current ? 0 : -1}
                    onClick={() => setActive(index)}
                    onKeyDown={(event) => onTabKey(event, index, tabs.length)}
                  >
                    {tab.title}
                  </button>
                ))}
              </div>
              {current && (
                <div id={panelId} role="tabpanel" aria-labelledby={tabId(tabs.indexOf(current))}>
                  {current.list.length === 0 ? (
                    <Empty description={texts.noComplaints} />
                  ) : (
                    <ul className={styles.complaints}>
                      {current.list.map((item) => (
                        <li key={item.id}>
                          <Link href={`${Paths.complaintDetail}?problemId=${item.id}`} className={styles.complaint}>
                            <span className={styles.complaintHead}>
                              <span className={styles.complaintType}>{item.type}</span>
                              <time className={styles.complaintTime}>{item.time}</time>
                            </span>
                            <span className={styles.complaintContent}>{item.content}</span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                  {current.hasMore && (
                    <button
                      type="button"
                      className="button button-block"
                      disabled={list.isFetchingNextPage}
                      onClick={() => list.fetchNextPage()}
                    >
                      {texts.loadMore}
                    </button>
                  )}
                </div>
              )}
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
