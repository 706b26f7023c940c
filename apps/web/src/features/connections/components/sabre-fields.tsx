import { SABRE_ENVIRONMENT_LABELS, SABRE_ENVIRONMENTS } from '@smt/shared';
import { ChoiceSelect } from '@/components/management/choice-select';
import { connectionsTexts as texts } from './connections-texts';
import type { SabreFormValues } from './sabre-form-values';
import { VerbatimField, type TextBinding } from './verbatim-field';
import { WatchedPccsField } from './watched-pccs-field';

type ChoiceBinding = {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
};

/** The bindings of the fields both Sabre forms have (`useSchemaForm`'s). */
type SabreForm = {
  textField: (field: Exclude<keyof SabreFormValues, 'environment'>) => TextBinding;
  choiceField: (field: 'environment') => ChoiceBinding;
};

type SabreFieldsProps = {
  form: SabreForm;
  /** The password's words: a new connection's, or an edit's, where empty keeps it. */
  passwordHint: string;
  passwordRequired: boolean;
  /** The PCCs the connection watches; null until they are known. */
  watchedPccs: readonly string[] | null;
};

/**
 * What a Sabre connection is set with: the environment, the EPR, the PCC it signs in to and
 * its password, the agency's DK and the queues read on each watched PCC.
 */
export function SabreFields({
  form,
  passwordHint,
  passwordRequired,
  watchedPccs,
}: SabreFieldsProps) {
  return (
    <>
      <ChoiceSelect
        label={texts.environment}
        {...form.choiceField('environment')}
        choices={SABRE_ENVIRONMENTS.map((environment) => ({
          value: environment,
          label: SABRE_ENVIRONMENT_LABELS[environment],
        }))}
        required
        hint={texts.environmentHint}
      />
      <VerbatimField label={texts.epr} hint={texts.eprHint} required {...form.textField('epr')} />
      <VerbatimField label={texts.pcc} hint={texts.pccHint} required {...form.textField('pcc')} />
      <VerbatimField
        type="password"
        label={texts.password}
        hint={passwordHint}
        required={passwordRequired}
        {...form.textField('password')}
      />
      <VerbatimField
        label={texts.customerNumber}
        hint={texts.customerNumberHint}
        {...form.textField('customerNumber')}
      />
      <VerbatimField
        label={texts.queues}
        hint={texts.queuesHint}
        required
        {...form.textField('queues')}
      />
      <WatchedPccsField pccs={watchedPccs} />
    </>
  );
}
