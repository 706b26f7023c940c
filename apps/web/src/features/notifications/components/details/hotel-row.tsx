import type { Hotel } from '@smt/shared';
import { FieldGrid } from '@/components/ui/field-grid';
import { formatAmount, formatFlightTime } from '@/lib/format';
import { detailsTexts } from './details-texts';
import { SegmentStatus } from './segment-status';

/** One hotel stay: name, city and country, arriving and leaving, cost and status. */
export function HotelRow({ hotel }: { hotel: Hotel }) {
  return (
    <FieldGrid
      fields={[
        { label: detailsTexts.hotelName, value: hotel.hotel_name },
        { label: detailsTexts.hotelPlace, value: `${hotel.city}, ${hotel.country}` },
        { label: detailsTexts.arriving, value: formatFlightTime(hotel.start) },
        { label: detailsTexts.leaving, value: formatFlightTime(hotel.end) },
        { label: detailsTexts.cost, value: formatAmount(hotel.cost) },
        { label: detailsTexts.status, value: <SegmentStatus status={hotel.status} /> },
      ]}
    />
  );
}
