import { connectionsTexts as texts } from './connections-texts';
import { DefaultBranchSelect } from './default-branch-select';
import { PaymentTypeSelect } from './payment-type-select';
import { VerbatimField, type TextBinding } from './verbatim-field';

type ChoiceBinding = {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
};

/** The bindings of the fields both connection forms have (`useSchemaForm`'s). */
type ConnectionForm = {
  textField: (field: 'token' | 'webhookSecret' | 'agentMetadataKey') => TextBinding;
  choiceField: (field: 'defaultBranchId' | 'paymentType') => ChoiceBinding;
};

/** A secret field's words: a new connection's, or an edit's, where empty keeps it. */
type SecretText = { label: string; hint: string; required?: boolean };

type ConnectionFieldsProps = {
  form: ConnectionForm;
  /** Whose branches the default branch is one of; null until an agency is chosen. */
  agencyId: number | null;
  token: SecretText;
  webhookSecret: SecretText;
};

/**
 * What a Duffel connection is set with: its token and webhook secret, the branch new orders land
 * on, the metadata key that names their agent, and how Duffel is paid.
 */
export function ConnectionFields({ form, agencyId, token, webhookSecret }: ConnectionFieldsProps) {
  return (
    <>
      <VerbatimField type="password" {...token} {...form.textField('token')} />
      <VerbatimField type="password" {...webhookSecret} {...form.textField('webhookSecret')} />
      <DefaultBranchSelect agencyId={agencyId} {...form.choiceField('defaultBranchId')} />
      <VerbatimField
        label={texts.metadataKey}
        hint={texts.metadataKeyHint}
        required
        {...form.textField('agentMetadataKey')}
      />
      <PaymentTypeSelect {...form.choiceField('paymentType')} />
    </>
  );
}
