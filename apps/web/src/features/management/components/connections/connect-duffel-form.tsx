import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { AgencyItem } from '@smt/shared';
import { useSnack } from '@/components/ui/snack';
import { useConnectDuffel } from '@/features/management/api/connections-connect-duffel';
import { useSchemaForm } from '@/lib/use-schema-form';
import { ChoiceSelect } from '../choice-select';
import { FormActions } from '../form-actions';
import { branchRequired, connectFormOf, connectSchema } from './connection-form-values';
import { connectionsTexts as texts } from './connections-texts';
import { DefaultBranchSelect } from './default-branch-select';
import { PaymentTypeSelect } from './payment-type-select';
import { VERBATIM_INPUT } from './verbatim-input';

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
    <Stack component="form" noValidate spacing={2} onSubmit={form.onSubmit} sx={{ pt: 1 }}>
      <ChoiceSelect
        label={texts.agency}
        name="agencyId"
        value={form.values.agencyId}
        choices={agencies.map((agency) => ({ value: String(agency.id), label: agency.name }))}
        // Branches belong to one agency: another agency's choice starts the branch over.
        onChange={(next) => form.change({ agencyId: next, defaultBranchId: '' })}
        onBlur={() => form.touch('agencyId')}
        required
        disabled={ownAgency !== undefined}
        failed={agenciesFailed}
        error={form.errorOf('agencyId')}
      />
      <TextField
        label={texts.accessToken}
        type="password"
        required
        fullWidth
        {...form.textField('token')}
        helperText={form.errorOf('token') ?? texts.tokenHint}
        slotProps={{ htmlInput: VERBATIM_INPUT }}
      />
      <TextField
        label={texts.webhookSecret}
        type="password"
        fullWidth
        {...form.textField('webhookSecret')}
        helperText={form.errorOf('webhookSecret') ?? texts.webhookSecretHint}
        slotProps={{ htmlInput: VERBATIM_INPUT }}
      />
      <DefaultBranchSelect
        agencyId={agencyId}
        value={form.values.defaultBranchId}
        error={form.errorOf('defaultBranchId')}
        onChange={(defaultBranchId) => form.change({ defaultBranchId })}
        onBlur={() => form.touch('defaultBranchId')}
      />
      <TextField
        label={texts.metadataKey}
        required
        fullWidth
        {...form.textField('agentMetadataKey')}
        helperText={form.errorOf('agentMetadataKey') ?? texts.metadataKeyHint}
        slotProps={{ htmlInput: VERBATIM_INPUT }}
      />
      <PaymentTypeSelect
        value={form.values.paymentType}
        error={form.errorOf('paymentType')}
        onChange={(paymentType) => form.change({ paymentType })}
        onBlur={() => form.touch('paymentType')}
      />
      {superUser && (
        <TextField
          label={texts.apiUrl}
          type="url"
          fullWidth
          {...form.textField('apiUrl')}
          helperText={form.errorOf('apiUrl') ?? texts.apiUrlHint}
          slotProps={{ htmlInput: VERBATIM_INPUT }}
        />
      )}
      <FormActions
        canSubmit={form.canSubmit}
        submitting={form.submitting}
        submitError={form.submitError}
        onCancel={onCancel}
      />
    </Stack>
  );
}
