import { DUFFEL_PAYMENT_TYPES, PAYMENT_TYPE_LABELS } from '@smt/shared';
import { ChoiceSelect } from '@/components/management/choice-select';
import { connectionsTexts as texts } from './connections-texts';

type PaymentTypeSelectProps = {
  value: string;
  error: string | undefined;
  onChange: (paymentType: string) => void;
  onBlur: () => void;
};

/** How the product pays Duffel in the agency's name when an agent tickets or reprices. */
export function PaymentTypeSelect(field: PaymentTypeSelectProps) {
  return (
    <ChoiceSelect
      label={texts.paymentType}
      name="paymentType"
      value={field.value}
      choices={DUFFEL_PAYMENT_TYPES.map((type) => ({
        value: type,
        label: PAYMENT_TYPE_LABELS[type],
      }))}
      onChange={field.onChange}
      onBlur={field.onBlur}
      required
      error={field.error}
      hint={texts.paymentTypeHint}
    />
  );
}
