/** English strings of /admin/comments. */
export const adminCommentsStrings = {
  title: 'Comments',
  intro: 'Every comment, newest first, with where it was posted.',
  loading: 'Loading comments',
  empty: 'No comments yet.',
  loadMore: 'Load more',
  onCollection: (name: string) => `Collection: ${name}`,
  onRequest: (name: string) => `Request: ${name}`,
  nowhere: 'Where it was posted no longer exists',
  by: (name: string) => `by ${name}`,
  delete: 'Delete',
  deleteLabel: (name: string) => `Delete the comment by ${name}`,
  confirmTitle: 'Delete this comment?',
  confirmBody: 'The comment and its replies are deleted for good.',
  cancel: 'Cancel',
  deleted: 'Comment deleted',
  count: (shown: number, total: number) => `${shown} of ${total}`,
};
