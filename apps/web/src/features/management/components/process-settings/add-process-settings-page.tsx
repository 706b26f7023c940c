import { ROUTES } from '@smt/shared';
import { useProcessSettingsList } from '@/features/management/api/get-process-settings-list';
import { FormPage } from '../form-page';
import { LoadedContent } from '../loaded-content';
import { ProcessSettingsForm } from './process-settings-form';
import { processSettingsTexts as texts } from './process-settings-texts';

type AddProcessSettingsPageProps = { onAdded: () => void };

/**
 * `/management/tools/add-process-settings`: a branch gets settings of its own, starting from
 * the default it followed until now.
 */
export function AddProcessSettingsPage({ onAdded }: AddProcessSettingsPageProps) {
  const defaults = useProcessSettingsList({}, 0);
  return (
    <FormPage title={ROUTES.addProcessSettings.title}>
      <LoadedContent query={defaults} height={480} cantLoad={texts.cantLoad}>
        {(list) => (
          <ProcessSettingsForm target={{ kind: 'add' }} values={list.defaults} onDone={onAdded} />
        )}
      </LoadedContent>
    </FormPage>
  );
}
