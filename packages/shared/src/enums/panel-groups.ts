// A module of its own, free of zod: home's figures check against it before the SPA's first
// screen, and the group enums beside it in notifications.ts are the full zod build's.

/** The five groups the panels show, in the SPEC §9 order. */
export const PANEL_GROUPS = ['REPRICE', 'ADM', 'TICKETING_DUE', 'RESCHEDULE', 'WAITLIST'] as const;
export type PanelGroup = (typeof PANEL_GROUPS)[number];
