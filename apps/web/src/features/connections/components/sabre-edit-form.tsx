import type { ConnectionItem } from '@smt/shared';
import { ManagementForm } from '@/components/management/management-form';
import { useSnack } from '@/components/ui/snack';
import { useUpdateSabre } from '@/features/connections/api/connections-update-sabre';
import { useSchemaForm } from '@/lib/use-schema-form';
import { connectionsTexts as texts } from './connections-texts';
import { SabreFields } from './sabre-fields';
import { editSabreFormOf, editSabreSchemaOf } from './sabre-form-values';

type SabreEditFormProps = {
  connection: ConnectionItem;
  onDone: () => void;
  onCancel: () => void;
};

/**
 * A Sabre connection's settings. The stored password is never shown: left empty it stays, a
 * typed one replaces it. The agency is the connection's for good.
 */
export function SabreEditForm({ connection, onDone, onCancel }: SabreEditFormProps) {
  const snack = useSnack();
  const update = useUpdateSabre();
  const form = useSchemaForm({
    initial: editSabreFormOf(connection),
    schema: editSabreSchemaOf(connection.id),
    submit: (body) => update.mutateAsync(body),
    onDone: () => {
      snack.success(texts.updated);
      onDone();
    },
  });

  return (
    <ManagementForm form={form} onCancel={onCancel}>
      <SabreFields
        form={form}
        passwordHint={texts.keepPassword}
        passwordRequired={false}
        watchedPccs={connection.watchedPccs}
      />
    </ManagementForm>
  );
}
