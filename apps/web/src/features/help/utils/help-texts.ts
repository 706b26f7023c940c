import { GROUP_LABEL, PANEL_GROUPS, uiTexts, type PanelGroup } from '@smt/shared';

// What the help page says: how the product works, written from SPEC §1, §2, §4 and §9.

export const HELP_TEXTS = {
  title: 'Help',
  intro:
    'SMT is your virtual assistant. It watches the bookings (PNRs) your agency makes in the ' +
    'reservation system and raises a notification whenever a booking needs you: a cheaper ' +
    'fare, an airline change, a ticketing deadline, a new schedule or a waitlist that moved. ' +
    'You review each notification and act on it, or let it go.',
  groupsTitle: 'Notification groups',
  groupsIntro:
    'Notifications come in five groups, each with its colour. Home counts the new and pending ' +
    'ones of each group; the Notifications screen shows a column per group, pending or completed.',
  actionsTitle: 'What each action does',
  actionsIntro:
    "Open a notification with 'View Details' to see the booking, its passengers and flights, " +
    'and the actions it offers. A read-only notification offers none.',
  whereTitle: 'Where to find things',
  moreTitle: 'More help',
  moreText:
    'Guides and training materials are on the Documents page. Still stuck? Support is a message or a call away.',
  documentsLink: 'Open Documents',
  supportLink: 'Contact support',
} as const;

export const GROUP_HELP: Record<PanelGroup, string> = {
  REPRICE:
    'A lower fare is available for a booking. The details show the current and the new ' +
    'price, the saving and the change and refund conditions of both fares.',
  ADM:
    'The airline removed or cancelled segments of a booking, or the booking shows churning ' +
    'that could bring an agency debit memo. Act before the airline does.',
  TICKETING_DUE:
    'A booking must be ticketed soon: its last purchase date is near. Confirm it, or cancel ' +
    'the PNR if the customer no longer travels.',
  RESCHEDULE:
    'The airline changed a flight. The details compare the new flight times with the ' +
    'original ones; share them with your customer.',
  WAITLIST: 'A waitlisted segment moved, or the class you wait for has seats again.',
};

export const HELP_GROUPS = PANEL_GROUPS.map((group) => ({
  group,
  label: GROUP_LABEL[group],
  text: GROUP_HELP[group],
}));

export const HELP_ACTIONS = [
  {
    name: 'Approve / Confirm',
    text:
      "The main action of a notification: 'Confirm' on Ticketing Due and churning ADMs, " +
      "'Approve' on the others. It reprices a Reprice notification, removes the inactive " +
      "segments of an ADM ('Approve: remove segment', after a question naming each, shown " +
      "marked 'Named in this alert' among the flights) and approves the change otherwise; " +
      'the notification then moves ' +
      'to Completed. Waitlist notifications that only tell you a class is free have no main action.',
  },
  {
    name: 'Reprice',
    text:
      'Rebooks the booking at the new, lower fare of the price quote and records the saving. ' +
      'If the PNR may already be ticketed, SMT checks first and asks you to confirm: ' +
      `'${uiTexts.ticketedRepriceWarning}'`,
  },
  {
    name: 'Cancel PNR',
    text:
      'Offered on Ticketing Due notifications: cancels the whole booking in the reservation ' +
      'system. It is disabled once the PNR is ticketed or already cancelled.',
  },
  {
    name: 'Keep repricing / Keep alerting',
    text:
      "The switch on a Reprice ('Keep repricing') or Ticketing Due ('Keep alerting') " +
      'notification. Turned off, SMT stops looking for cheaper fares, or stops the ticketing ' +
      'reminders, for that booking; turn it on again at any time.',
  },
  {
    name: 'Delete',
    text:
      'Removes a notification from your lists. Select several with their checkboxes to delete ' +
      'them at once.',
  },
  {
    name: 'Share',
    text:
      'Sends the customer a link by e-mail or WhatsApp, or copies it. The link opens a page ' +
      'about their schedule change or ticketing deadline without signing in, until it expires.',
  },
] as const;

export const HELP_PLACES = [
  { name: 'Home', text: 'Today’s summary: new and pending notifications per group.' },
  {
    name: 'Notifications',
    text: 'Every notification by group, pending or completed, ten at a time.',
  },
  {
    name: 'My PNRs',
    text: 'Agents search, filter and sort their own bookings and send online-agency bookings to ticketing.',
  },
  {
    name: 'Dashboard',
    text: 'Managers see potential and actual savings and the work done, as charts and downloads.',
  },
] as const;
