import { ChoiceSelect } from '@/components/management/choice-select';
import { ManagementForm } from '@/components/management/management-form';
import { useSnack } from '@/components/ui/snack';
import { useConnectDuffel } from '@/features/connections/api/connections-connect-duffel';
import { agencyLabel, choicesOf } from '@/lib/management/choice-labels';
import { useSchemaForm } from '@/lib/use-schema-form';
import { branchRequired, connectFormOf, connectSchema } from './connection-form-values';
import { ConnectionFields } from './connection-fields';
import { connectionsTexts as texts } from './connections-texts';
import { VerbatimField } from './verbatim-field';
import { ownAgencyOf, type ConnectFormProps } from './connect-dialog';

/**
 * Connects an agency to Duffel: its token (never shown again), the webhook secret, the branch
 * new orders land on and the metadata key that names their agent.
 */
export function ConnectDuffelForm({
  agencies,
  agenciesFailed,
  superUser,
  onDone,
  onCancel,
}: ConnectFormProps) {
  const snack = useSnack();
  const connect = useConnectDuffel();
  const ownAgency = ownAgencyOf(agencies, superUser);
  const form = useSchemaForm({
    initial: connectFormOf(ownAgency),
    schema: connectSchema,
    messages: branchRequired,
    submit: (body) => connect.mutateAsync(body),
    onDone: () => {
      snack.success(texts.connected);
      onDone();
    },
  });
  const agencyId = form.values.agencyId === '' ? null : Number(form.values.agencyId);

  return (
    <ManagementForm form={form} onCancel={onCancel}>
      <ChoiceSelect
        label={texts.agency}
        {...form.choiceField('agencyId')}
        choices={choicesOf(agencies, agencyLabel)}
        // Branches belong to one agency: another agency's choice starts the branch over.
        onChange={(next) => form.change({ agencyId: next, defaultBranchId: '' })}
        required
        disabled={ownAgency !== undefined}
        failed={agenciesFailed}
      />
      <ConnectionFields
        form={form}
        agencyId={agencyId}
        token={{ label: texts.accessToken, hint: texts.tokenHint, required: true }}
        webhookSecret={{ label: texts.webhookSecret, hint: texts.webhookSecretHint }}
      />
      {superUser && (
        <VerbatimField
          label={texts.apiUrl}
          type="url"
          hint={texts.apiUrlHint}
          {...form.textField('apiUrl')}
        />
      )}
    </ManagementForm>
  );
}
