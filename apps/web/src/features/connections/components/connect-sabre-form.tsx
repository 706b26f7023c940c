import { ChoiceSelect } from '@/components/management/choice-select';
import { ManagementForm } from '@/components/management/management-form';
import { useSnack } from '@/components/ui/snack';
import { useConnectSabre } from '@/features/connections/api/connections-connect-sabre';
import { agencyLabel, choicesOf } from '@/lib/management/choice-labels';
import { useBranchChoices } from '@/lib/management/list-branch-choices';
import { useSchemaForm } from '@/lib/use-schema-form';
import { connectionsTexts as texts } from './connections-texts';
import { SabreFields } from './sabre-fields';
import { connectSabreFormOf, connectSabreSchema } from './sabre-form-values';
import { ownAgencyOf, type ConnectFormProps } from './connect-dialog';

/**
 * Connects an agency to Sabre: the EPR, the PCC it signs in to and its password (never shown
 * again), the environment, the agency's DK and the queues read on its branches' PCCs.
 */
export function ConnectSabreForm({
  agencies,
  agenciesFailed,
  superUser,
  onDone,
  onCancel,
}: ConnectFormProps) {
  const snack = useSnack();
  const connect = useConnectSabre();
  const ownAgency = ownAgencyOf(agencies, superUser);
  const form = useSchemaForm({
    initial: connectSabreFormOf(ownAgency),
    schema: connectSabreSchema,
    submit: (body) => connect.mutateAsync(body),
    onDone: () => {
      snack.success(texts.sabreConnected);
      onDone();
    },
  });
  const agencyId = form.values.agencyId === '' ? null : Number(form.values.agencyId);
  // The same list the server's watched PCCs come from: the agency's enabled branches'.
  const branches = useBranchChoices(agencyId, agencyId !== null);

  return (
    <ManagementForm form={form} onCancel={onCancel}>
      <ChoiceSelect
        label={texts.agency}
        {...form.choiceField('agencyId')}
        choices={choicesOf(agencies, agencyLabel)}
        required
        disabled={ownAgency !== undefined}
        failed={agenciesFailed}
      />
      <SabreFields
        form={form}
        passwordHint={texts.passwordHint}
        passwordRequired
        watchedPccs={branches.data?.map((branch) => branch.pcc) ?? null}
      />
    </ManagementForm>
  );
}
