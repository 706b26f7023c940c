import { connectionOverridesText, type ProcessSettingsFields } from '@smt/shared';

/**
 * The settings as the form posts them: the schema read the minimum connecting times by
 * airport into a list, which goes back to the server as the one text field it reads.
 */
export function sentSettings<T extends ProcessSettingsFields>({
  connectionOverrides,
  ...fields
}: T) {
  return {
    ...fields,
    ...(connectionOverrides && {
      connectionOverrides: connectionOverridesText(connectionOverrides),
    }),
  };
}
