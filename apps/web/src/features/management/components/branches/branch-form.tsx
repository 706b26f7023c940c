import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { BranchCreateBody, type ManagedBranch } from '@smt/shared';
import { useSnack } from '@/components/ui/snack';
import { useCreateBranch } from '@/features/management/api/create-branch';
import { useAgencyChoices } from '@/features/management/api/list-agency-choices';
import { useUpdateBranch } from '@/features/management/api/update-branch';
import { useSchemaForm } from '@/lib/use-schema-form';
import { managementTexts } from '@/features/management/utils/management-texts';
import { FormActions } from '../form-actions';
import { ParentChoice } from '../parent-choice';

type BranchFormProps = {
  /** The branch to edit; without it the form adds one. */
  branch?: ManagedBranch;
  onDone: () => void;
  onCancel?: () => void;
};

/** A branch's name, PCC and agency, checked by the schema the server parses them with. */
export function BranchForm({ branch, onDone, onCancel }: BranchFormProps) {
  const snack = useSnack();
  const agencies = useAgencyChoices(branch === undefined);
  const create = useCreateBranch();
  const update = useUpdateBranch();
  const form = useSchemaForm({
    initial: {
      name: branch?.name ?? '',
      pcc: branch?.pcc ?? '',
      agencyId: branch ? String(branch.agencyId) : '',
    },
    schema: BranchCreateBody,
    submit: (body) =>
      branch ? update.mutateAsync({ ...body, branchId: branch.id }) : create.mutateAsync(body),
    onDone: () => {
      snack.success(branch ? managementTexts.updated('Branch') : managementTexts.added('Branch'));
      onDone();
    },
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.onSubmit} sx={{ pt: 1 }}>
      <TextField label={managementTexts.name} required fullWidth {...form.textField('name')} />
      <TextField
        label={managementTexts.pcc}
        required
        fullWidth
        {...form.textField('pcc')}
        slotProps={{ htmlInput: { autoCapitalize: 'characters', autoComplete: 'off' } }}
      />
      <ParentChoice
        label={managementTexts.agency}
        field={form.choiceField('agencyId')}
        fixed={branch && { value: String(branch.agencyId), label: branch.agencyName }}
        choices={agencies}
        choiceOf={(agency) => ({ value: String(agency.id), label: agency.name })}
      />
      <FormActions
        canSubmit={form.canSubmit}
        submitting={form.submitting}
        submitError={form.submitError}
        onCancel={onCancel}
      />
    </Stack>
  );
}
