import type { Car } from '@smt/shared';
import { FieldGrid } from '@/components/ui/field-grid';
import { formatAmount, formatFlightTime } from '@/lib/format';
import { detailsTexts } from './details-texts';

/** One car rental: where and when it is picked up and returned, what it costs, who and what. */
export function CarRow({ car }: { car: Car }) {
  return (
    <FieldGrid
      fields={[
        { label: detailsTexts.pickupCity, value: car.pickup_city },
        { label: detailsTexts.pickupDate, value: formatFlightTime(car.pickup_date) },
        { label: detailsTexts.returnDate, value: formatFlightTime(car.return_date) },
        { label: detailsTexts.amount, value: formatAmount(car.amount) },
        { label: detailsTexts.vendor, value: car.vendor },
        { label: detailsTexts.carType, value: car.car_type },
      ]}
    />
  );
}
