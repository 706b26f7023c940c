import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { BranchCreateBody, type ManagedBranch } from '@smt/shared';
import { useSnack } from '@/components/ui/snack';
import { useCreateBranch } from '@/features/management/api/create-branch';
import { useAgencyChoices } from '@/features/management/api/list-agency-choices';
import { useUpdateBranch } from '@/features/management/api/update-branch';
import { useManagementForm } from '@/features/management/hooks/use-management-form';
import { managementTexts } from '@/features/management/utils/management-texts';
import { ChoiceSelect } from '../choice-select';
import { FormActions } from '../form-actions';

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
  const form = useManagementForm({
    initial: {
      name: branch?.name ?? '',
      pcc: branch?.pcc ?? '',
      agencyId: branch ? String(branch.agencyId) : '',
    },
    parse: (values) => BranchCreateBody.safeParse(values),
    submit: (body) =>
      branch ? update.mutateAsync({ ...body, branchId: branch.id }) : create.mutateAsync(body),
    onDone: () => {
      snack.success(branch ? managementTexts.updated('Branch') : managementTexts.added('Branch'));
      onDone();
    },
  });
  // An edited branch keeps its agency (the server refuses a move), which may be out of the list.
  const choices = branch
    ? [{ value: String(branch.agencyId), label: branch.agencyName }]
    : (agencies.data ?? []).map((agency) => ({ value: String(agency.id), label: agency.name }));

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
      <ChoiceSelect
        label={managementTexts.agency}
        name="agencyId"
        value={form.values.agencyId}
        choices={choices}
        onChange={(agencyId) => form.change({ agencyId })}
        onBlur={() => form.touch('agencyId')}
        required
        disabled={branch !== undefined}
        loading={!branch && agencies.isPending}
        failed={!branch && agencies.isError}
        error={form.errorOf('agencyId')}
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
