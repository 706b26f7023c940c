import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { managementTexts } from '@/features/management/utils/management-texts';

type FormActionsProps = {
  canSubmit: boolean;
  submitting: boolean;
  submitError?: string | undefined;
  onCancel?: () => void;
};

/** Submit (and Cancel in a dialog), and why the last submission failed, under the form. */
export function FormActions({ canSubmit, submitting, submitError, onCancel }: FormActionsProps) {
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
