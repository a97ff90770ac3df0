import { Link } from 'wouter';
import { useT, type WebMessageKey } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { useUnreadMessages } from './get-unread-messages';
import styles from './unread-messages-link.module.css';

/** Its accessible words: "1 unread message", "3 unread messages". */
export const unreadLabelKey = (count: number): WebMessageKey => (count === 1 ? 'unreadMessagesOne' : 'unreadMessages');

/**
 * The link to the message centre with its unread badge, for main's header (issue 17). The badge
 * shows a number; a screen reader hears "Messages, 3 unread messages". A failed count shows no badge.
 */
export function UnreadMessagesLink() {
  const t = useT();
  const unread = useUnreadMessages().data?.unread ?? 0;
  const name = t('messagesLink');
  return (
    <Link
      href={Paths.messages}
      className={styles.link}
      aria-label={unread > 0 ? `${name}, ${t(unreadLabelKey(unread), { count: unread })}` : undefined}
    >
      {name}
      {unread > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
