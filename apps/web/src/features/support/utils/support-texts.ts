// The support page's own words.
export const SUPPORT_TEXTS = {
  title: 'Support',
  intro:
    'Questions about a notification, a booking or your account? Our support team is here to help.',
  emailTitle: 'E-mail',
  emailText: 'Write to us, and name the PNR or notification you ask about.',
  phoneTitle: 'Phone',
  phoneText: 'Call us to talk it through.',
  feedbackTitle: 'Feedback',
  feedbackText: 'Tell us what works, what does not and what you miss. Every answer is read.',
  feedbackLink: 'Send feedback',
  newTab: '(opens in a new tab)',
  selfHelpTitle: 'Help yourself',
  selfHelpText: 'How SMT works and its guides, any time.',
  helpLink: 'Help',
  documentsLink: 'Documents',
} as const;
