/** The message centre in English (India) (issue 17); the messages' own words come from the server. */
const texts = {
  title: 'Messages',
  markAllRead: 'Mark all as read',
  unread: 'Unread',
  noMessages: 'No messages yet. We will tell you here when your loan or complaint changes.',
  loadFailed: 'We could not load your messages.',
};

export type MessagesTexts = typeof texts;
export default texts;
