import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ConnectionItem } from '@smt/shared';
import { useSnack } from '@/components/ui/snack';
import { useUpdateConnection } from '@/features/management/api/connections-update';
import { useSchemaForm } from '@/lib/use-schema-form';
import { FormActions } from '../form-actions';
import { branchRequired, editFormOf, editSchemaOf } from './connection-form-values';
import { connectionsTexts as texts } from './connections-texts';
import { DefaultBranchSelect } from './default-branch-select';
import { PaymentTypeSelect } from './payment-type-select';
import { VERBATIM_INPUT } from './verbatim-input';

type ConnectionEditFormProps = {
  connection: ConnectionItem;
  onDone: () => void;
  onCancel: () => void;
};

/**
 * A Duffel connection's settings. The stored token and secret are never shown: a field left
 * empty keeps them, a typed one replaces them. The agency is the connection's for good.
 */
export function ConnectionEditForm({ connection, onDone, onCancel }: ConnectionEditFormProps) {
  const snack = useSnack();
  const update = useUpdateConnection();
  const form = useSchemaForm({
    initial: editFormOf(connection),
    schema: editSchemaOf(connection.id),
    messages: branchRequired,
    submit: (body) => update.mutateAsync(body),
    onDone: () => {
      snack.success(texts.updated);
      onDone();
    },
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.onSubmit} sx={{ pt: 1 }}>
      <TextField
        label={texts.newAccessToken}
        type="password"
        fullWidth
        {...form.textField('token')}
        helperText={form.errorOf('token') ?? texts.keepToken(connection.tokenHint)}
        slotProps={{ htmlInput: VERBATIM_INPUT }}
      />
      <TextField
        label={texts.newWebhookSecret}
        type="password"
        fullWidth
        {...form.textField('webhookSecret')}
        helperText={
          form.errorOf('webhookSecret') ?? texts.keepWebhookSecret(connection.hasWebhookSecret)
        }
        slotProps={{ htmlInput: VERBATIM_INPUT }}
      />
      <DefaultBranchSelect
        agencyId={connection.agencyId}
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
      <FormActions
        canSubmit={form.canSubmit}
        submitting={form.submitting}
        submitError={form.submitError}
        onCancel={onCancel}
      />
    </Stack>
  );
}
