// The centre's own texts beyond SPEC's: the delete confirmation and its Undo snack.

const notificationsOf = (count: number) =>
  count === 1 ? '1 notification' : `${count} notifications`;

export const centreTexts = {
  confirmDeleteTitle: (count: number) => `Delete ${notificationsOf(count)}?`,
  confirmDeleteText: 'They leave your lists. You can undo it for a few seconds after.',
  delete: 'Delete',
  cancel: 'Cancel',
  deleted: (count: number) => `${notificationsOf(count)} deleted`,
} as const;
