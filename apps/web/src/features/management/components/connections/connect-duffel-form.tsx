import type { AgencyItem } from '@smt/shared';
import { useSnack } from '@/components/ui/snack';
import { useConnectDuffel } from '@/features/management/api/connections-connect-duffel';
import { agencyLabel, choicesOf } from '@/features/management/utils/choice-labels';
import { useSchemaForm } from '@/lib/use-schema-form';
import { ChoiceSelect } from '../choice-select';
import { ManagementForm } from '../management-form';
import { branchRequired, connectFormOf, connectSchema } from './connection-form-values';
import { ConnectionFields } from './connection-fields';
import { connectionsTexts as texts } from './connections-texts';
import { VerbatimField } from './verbatim-field';

type ConnectDuffelFormProps = {
  /** The agencies the caller may connect, as the server lists them. */
  agencies: readonly AgencyItem[];
  agenciesFailed: boolean;
  /** Super users choose any agency and may give the connection its own API address. */
  superUser: boolean;
  onDone: () => void;
  onCancel: () => void;
};

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
}: ConnectDuffelFormProps) {
  const snack = useSnack();
  const connect = useConnectDuffel();
  // A manager's agency is the one choice the server gives them: it comes chosen, and stays.
  const ownAgency = !superUser && agencies.length === 1 ? agencies[0] : undefined;
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
