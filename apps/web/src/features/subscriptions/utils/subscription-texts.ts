import type { Media, SubscriptionLevel } from '@smt/shared';

// The notification-types page's own words; the product's texts come from @smt/shared.
export const subscriptionTexts = {
  tableLabel: 'Subscriptions per branch and agent',
  add: 'Add',
  addTitle: 'Add subscription',
  submit: 'Submit',
  cancel: 'Cancel',
  level: 'Level',
  sendBy: 'Send by',
  sendByHelp: 'Every notification type starts ticked by this; untick what is not wanted.',
  branch: 'Branch',
  agent: 'Agent',
  chooseBranch: 'Choose a branch',
  chooseAgent: 'Choose an agent',
  chooseBranchFirst: 'Choose a branch first',
  loading: 'Loading…',
  agentsFailed: 'The agents could not be loaded.',
  loadFailed: 'The subscriptions could not be loaded.',
  saveFailed: 'The settings were not saved',
  empty: 'No subscriptions yet. Add a branch or an agent to choose what they are told.',
  nothingToSet: 'No subscriptions to show',
  nothingToSetText: 'Your role has no branch or agent whose notifications you choose.',
  nameColumn: 'Branch or agent',
  removeColumn: 'Remove',
  branchWide: 'Whole branch',
  readOnly: 'Set by your managers',
  notRunning: 'This process is off for the branch',
  remove: (name: string) => `Remove ${name}`,
  tick: (name: string, process: string, media: string) => `${name}: ${process} by ${media}`,
} as const;

export const MEDIA_LABELS: Record<Media, string> = { EMAIL: 'Email', PUSH: 'Push' };

export const LEVEL_LABELS: Record<SubscriptionLevel, string> = {
  AGENT: 'Agent',
  BRANCH: 'Branch',
};
