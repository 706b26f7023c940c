// Labels of the design page (SPEC §2.11 leaves its layout to us). The page title comes from
// ROUTES, the share page's default header from uiTexts.

export const designPropertiesTexts = {
  defaultDesign: 'Default (every agency without its own)',
  header: 'Header HTML',
  footer: 'Footer HTML',
  htmlHint: 'Scripts, event handlers and javascript: links are removed when saved.',
  headerEmpty: "Empty: the page shows its default header, 'Your reservation'.",
  footerEmpty: 'Empty: the page has no footer.',
  inherited: (agency: string) =>
    `${agency} has no design of its own and shows the default. Saving gives it its own.`,
  preview: 'Preview of the public page',
  previewFrame: 'Public page header and footer preview',
  previewContent: 'The schedule change or ticketing due message appears here.',
  saved: 'Design saved',
  cantLoad: "Can't load the design",
} as const;
