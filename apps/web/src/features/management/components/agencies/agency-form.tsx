import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AgencyCreateBody, type ManagedAgency } from '@smt/shared';
import { useSnack } from '@/components/ui/snack';
import { useCreateAgency } from '@/features/management/api/create-agency';
import { useUpdateAgency } from '@/features/management/api/update-agency';
import { useSchemaForm } from '@/lib/use-schema-form';
import { managementTexts } from '@/features/management/utils/management-texts';
import { FormActions } from '../form-actions';

type AgencyFormProps = {
  /** The agency to edit; without it the form adds one. */
  agency?: ManagedAgency;
  onDone: () => void;
  onCancel?: () => void;
};

/** An agency's name, checked by the schema the server parses it with. */
export function AgencyForm({ agency, onDone, onCancel }: AgencyFormProps) {
  const snack = useSnack();
  const create = useCreateAgency();
  const update = useUpdateAgency();
  const form = useSchemaForm({
    initial: { name: agency?.name ?? '' },
    // An edit sends the same checked fields with the agency's id.
    schema: AgencyCreateBody,
    submit: (body) =>
      agency ? update.mutateAsync({ ...body, agencyId: agency.id }) : create.mutateAsync(body),
    onDone: () => {
      snack.success(agency ? managementTexts.updated('Agency') : managementTexts.added('Agency'));
      onDone();
    },
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.onSubmit} sx={{ pt: 1 }}>
      <TextField label={managementTexts.name} required fullWidth {...form.textField('name')} />
      <FormActions
        canSubmit={form.canSubmit}
        submitting={form.submitting}
        submitError={form.submitError}
        onCancel={onCancel}
      />
    </Stack>
  );
}
