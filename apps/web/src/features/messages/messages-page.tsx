import type { Market } from '@kilat/contract';
import type { Message } from '@kilat/contract/schemas';
import { Link } from 'wouter';
import { formatDateTime } from '@/shared/format';
import { useContent, useMarket } from '@/shared/i18n';
import { Empty, Page, QueryState } from '@/shared/ui';
import { useMessages } from './api/get-messages';
import { useMarkMessagesRead } from './api/mark-messages-read';
import { messageHref } from './message-rules';
import styles from './messages.module.css';
import { type MessagesTexts, messagesTexts } from './texts';

interface ItemProps {
  message: Message;
  market: Market;
  texts: MessagesTexts;
  onOpen: (message: Message) => void;
}

function MessageItem({ message, market, texts, onOpen }: ItemProps) {
  const unread = message.isRead === 0;
  return (
    <li>
      <Link href={messageHref(message)} className={`panel ${styles.message}`} data-unread={unread} onClick={() => onOpen(message)}>
        <span className={styles.head}>
          {unread && (
            <>
              <span className={styles.dot} aria-hidden="true" />
              <span className="visually-hidden">{texts.unread}: </span>
            </>
          )}
          <span className={styles.title}>{message.title}</span>
        </span>
        <span className={styles.text}>{message.text}</span>
        <time className={styles.time} dateTime={message.shownAt}>
          {formatDateTime(message.shownAt, market)}
        </time>
      </Link>
    </li>
  );
}

/** The message centre (issue 17, decision 108): status changes newest first; opening one marks it read. */
export default function MessagesPage() {
  const texts = useContent(messagesTexts);
  const market = useMarket();
  const messages = useMessages();
  const markRead = useMarkMessagesRead();
  const open = (message: Message) => {
    if (message.isRead === 0) markRead.mutate(message.messageId);
  };
  return (
    <Page title={texts.title} back={() => history.back()} home>
      <QueryState query={messages} failed={texts.loadFailed}>
        {(data) =>
          data.list.length === 0 ? (
            <Empty description={texts.noMessages} />
          ) : (
            <>
              {data.unread > 0 && (
                <button
                  type="button"
                  className={`button ${styles.markAll}`}
                  disabled={markRead.isPending}
                  onClick={() => markRead.mutate('all')}
                >
                  {texts.markAllRead}
                </button>
              )}
              <ul className="card-list">
                {data.list.map((message) => (
                  <MessageItem key={message.messageId} message={message} market={market} texts={texts} onOpen={open} />
                ))}
              </ul>
            </>
          )
        }
      </QueryState>
    </Page>
  );
}
