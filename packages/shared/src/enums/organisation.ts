import { z } from 'zod';

export const Media = z.enum(['EMAIL', 'PUSH']);
export type Media = z.infer<typeof Media>;

export const SubscriptionAction = z.enum(['ENABLE', 'DISABLE']);
export type SubscriptionAction = z.infer<typeof SubscriptionAction>;

export const SubscriptionLevel = z.enum(['AGENT', 'BRANCH']);
export type SubscriptionLevel = z.infer<typeof SubscriptionLevel>;

/** Levels of the organisation filter and of dashboard scope types. */
export const OrganisationLevel = z.enum(['Agency', 'Branch', 'Agent']);
export type OrganisationLevel = z.infer<typeof OrganisationLevel>;

// Beta features are named by whoever ships one; a route that needs one says which.
export const BetaFeature = z.string().trim().min(1).max(64);
export type BetaFeature = z.infer<typeof BetaFeature>;

export const AppEnvironment = z.enum(['local', 'staging', 'production']);
export type AppEnvironment = z.infer<typeof AppEnvironment>;

export const DeliveryChannel = z.enum(['EMAIL', 'PUSH', 'SMS']);
export type DeliveryChannel = z.infer<typeof DeliveryChannel>;
