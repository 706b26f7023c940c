import Link from '@mui/material/Link';
import type { PnrDetails } from '@smt/shared';
import { FieldGrid } from '@/components/ui/field-grid';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';
import { PnrSection } from './pnr-section';

type PnrContactCardProps = { contact: PnrDetails['contact'] };

/** Who to reach about the booking. */
export function PnrContactCard({ contact }: PnrContactCardProps) {
  return (
    <PnrSection title={pnrTexts.contact}>
      <FieldGrid
        minColumnWidth={140}
        fields={[
          { label: pnrTexts.contactName, value: contact.name || pnrTexts.none },
          {
            label: pnrTexts.contactPhone,
            value: contact.phone ? (
              <Link href={`tel:${contact.phone}`}>{contact.phone}</Link>
            ) : (
              pnrTexts.none
            ),
          },
          {
            label: pnrTexts.contactEmail,
            value: contact.email ? (
              <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
            ) : (
              pnrTexts.none
            ),
          },
        ]}
      />
    </PnrSection>
  );
}
