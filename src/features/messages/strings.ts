/** English strings of the direct-message inbox (spec part 2, "Direct-message inbox"). */
export const messagesStrings = {
  title: 'Messages',
  intro: 'Direct messages other members sent you.',
  loading: 'Loading messages',
  empty: 'No messages yet.',
  columns: { from: 'From', title: 'Title', date: 'Date' },
  unread: 'Unread',
  open: (title: string, from: string) => `Open message ${title} from ${from}`,
  deletedUser: 'Deleted user',
  read: {
    from: (name: string) => `From ${name}`,
    reply: 'Reply',
    delete: 'Delete',
    dismiss: 'Dismiss',
    deleted: 'Message deleted',
  },
  compose: {
    title: (name: string) => `Message to ${name}`,
    someone: 'this user',
    subject: 'Title',
    body: 'Message',
    send: 'Send',
    cancel: 'Cancel',
    sent: 'Direct message sent',
    counter: (used: number, max: number) => `${used} / ${max}`,
  },
};
