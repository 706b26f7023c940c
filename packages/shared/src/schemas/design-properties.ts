import { z } from 'zod';

// The design properties page (SPEC §2.11, §2.12, §6: super users only): the header and footer
// HTML of the public share page, per agency or the default every other agency shows.

export const MAX_DESIGN_HTML_LENGTH = 20_000;

/**
 * What sanitising keeps, for DOMPurify on the server (on save) and in the browser (on render):
 * beyond its defaults (no scripts, no event handlers, no javascript: links) HTML only, no
 * <style> that could restyle or hide the page around it, and no form that could ask a traveller
 * for anything.
 */
export const DESIGN_HTML_SANITISE = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option'],
};

export const designPropertiesMessages = {
  tooLong: `Should be at most ${MAX_DESIGN_HTML_LENGTH} characters`,
  idInvalid: 'Should be a positive whole number',
} as const;

const blankAsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const AgencyId = z.preprocess(
  blankAsMissing,
  z.coerce
    .number({ error: designPropertiesMessages.idInvalid })
    .int(designPropertiesMessages.idInvalid)
    .positive(designPropertiesMessages.idInvalid)
    .max(Number.MAX_SAFE_INTEGER, designPropertiesMessages.idInvalid)
    .optional(),
);

const Html = z.preprocess(
  (value) => (value === undefined || value === null ? '' : value),
  z.string().max(MAX_DESIGN_HTML_LENGTH, designPropertiesMessages.tooLong),
);

/** Whose design: an agency's, or the default's when no agencyId is given. */
export const DesignPropertiesQuery = z.object({ agencyId: AgencyId });

/** Empty HTML means none: the page shows its default header, or no footer. */
export const DesignPropertiesBody = z.object({
  agencyId: AgencyId,
  header: Html,
  footer: Html,
});
export type DesignPropertiesBody = z.output<typeof DesignPropertiesBody>;

export const DesignProperties = z.object({
  agencyId: z.number().int().nullable(),
  header: z.string().nullable(),
  footer: z.string().nullable(),
  /** An agency without its own design shows the default's: these are its values. */
  inherited: z.boolean(),
});
export type DesignProperties = z.infer<typeof DesignProperties>;
