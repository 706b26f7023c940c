import type { PnrPriceData } from '@smt/shared';
import { ShareChart } from '@/features/dashboard/components/charts/share-chart';
import { useChartLook } from '@/features/dashboard/hooks/use-chart-look';
import { DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';
import { priceDataFigures } from '@/features/dashboard/utils/notification-figures';

type PriceDataChartProps = { name: string; data: PnrPriceData };

/** Bookings with and without a current price quote, the total in the doughnut's hole. */
export function PriceDataChart({ name, data }: PriceDataChartProps) {
  const look = useChartLook();
  const figures = priceDataFigures(data);
  return (
    <ShareChart
      kind="doughnut"
      name={name}
      figures={figures}
      colours={[look.actual, look.other]}
      formatValue={String}
      centre={[DASHBOARD_TEXTS.total, String(figures.total)]}
    />
  );
}
