import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { managementTexts } from '@/lib/management/management-texts';

/** Where a form's submission stands, as `useSchemaForm` tells it. */
export type SubmitState = {
  canSubmit: boolean;
  submitting: boolean;
  submitError?: string | undefined;
};

type FormActionsProps = {
  form: SubmitState;
  onCancel?: (() => void) | undefined;
};

/** Submit (and Cancel in a dialog), and why the last submission failed, under the form. */
export function FormActions({ form, onCancel }: FormActionsProps) {
  const { canSubmit, submitting, submitError } = form;
  return (
    <Stack spacing={2}>
      {submitError !== undefined && <Alert severity="error">{submitError}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onCancel && <Button onClick={onCancel}>{managementTexts.cancel}</Button>}
        <Button type="submit" variant="contained" disabled={!canSubmit} loading={submitting}>
          {managementTexts.submit}
        </Button>
      </Stack>
    </Stack>
  );
}
