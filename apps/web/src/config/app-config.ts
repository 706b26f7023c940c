/** Where 'Report feedback' and the Feedback tab lead unless the deployment names another form. */
export const DEFAULT_FEEDBACK_URL = 'https://forms.gle/smt-feedback';
