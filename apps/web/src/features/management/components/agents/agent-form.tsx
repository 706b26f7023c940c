import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AgentCreateBody, type ManagedAgent } from '@smt/shared';
import { useSnack } from '@/components/ui/snack';
import { useCreateAgent } from '@/features/management/api/create-agent';
import { useBranchChoices } from '@/features/management/api/list-branch-choices';
import { useUpdateAgent } from '@/features/management/api/update-agent';
import { useSchemaForm } from '@/lib/use-schema-form';
import { branchLabel } from '@/features/management/utils/choice-labels';
import { managementTexts } from '@/features/management/utils/management-texts';
import { FormActions } from '../form-actions';
import { ParentChoice } from '../parent-choice';

type AgentFormProps = {
  /** The agent to edit; without it the form adds one. */
  agent?: ManagedAgent;
  onDone: () => void;
  onCancel?: () => void;
};

/** An agent's name, initials and branch, checked by the schema the server parses them with. */
export function AgentForm({ agent, onDone, onCancel }: AgentFormProps) {
  const snack = useSnack();
  // Every branch the caller may see; an edit keeps its branch and asks for none.
  const branches = useBranchChoices(null, agent === undefined);
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const form = useSchemaForm({
    initial: {
      name: agent?.name ?? '',
      initials: agent?.initials ?? '',
      branchId: agent ? String(agent.branchId) : '',
    },
    schema: AgentCreateBody,
    submit: (body) =>
      agent ? update.mutateAsync({ ...body, agentId: agent.id }) : create.mutateAsync(body),
    onDone: () => {
      snack.success(agent ? managementTexts.updated('Agent') : managementTexts.added('Agent'));
      onDone();
    },
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.onSubmit} sx={{ pt: 1 }}>
      <TextField label={managementTexts.name} required fullWidth {...form.textField('name')} />
      <TextField
        label={managementTexts.initials}
        required
        fullWidth
        {...form.textField('initials')}
        slotProps={{ htmlInput: { autoCapitalize: 'characters', autoComplete: 'off' } }}
      />
      <ParentChoice
        label={managementTexts.branch}
        field={form.choiceField('branchId')}
        fixed={agent && { value: String(agent.branchId), label: agent.pcc }}
        choices={branches}
        choiceOf={(branch) => ({ value: String(branch.id), label: branchLabel(branch) })}
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
