import type { ConnectionItem } from '@smt/shared';
import { ManagementForm } from '@/components/management/management-form';
import { useSnack } from '@/components/ui/snack';
import { useUpdateConnection } from '@/features/connections/api/connections-update';
import { useSchemaForm } from '@/lib/use-schema-form';
import { branchRequired, editFormOf, editSchemaOf } from './connection-form-values';
import { ConnectionFields } from './connection-fields';
import { connectionsTexts as texts } from './connections-texts';

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
    <ManagementForm form={form} onCancel={onCancel}>
      <ConnectionFields
        form={form}
        agencyId={connection.agencyId}
        token={{ label: texts.newAccessToken, hint: texts.keepToken(connection.tokenHint) }}
        webhookSecret={{
          label: texts.newWebhookSecret,
          hint: texts.keepWebhookSecret(connection.hasWebhookSecret),
        }}
      />
    </ManagementForm>
  );
}
