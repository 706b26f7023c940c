import { z } from 'zod';

export const ChartType = z.enum(['Bar', 'Pie', 'Line', 'Doughnut']);
export type ChartType = z.infer<typeof ChartType>;

export const ReportKind = z.enum([
  'PotentialVsActual',
  'PotentialVsActualPerPeriod',
  'ActualSaving',
  'PendingVsCompleted',
  'ActualSavingPerAirline',
  'PotentialPerCustomerNumber',
  'AdmPerAirline',
  'YoungPqs',
]);
export type ReportKind = z.infer<typeof ReportKind>;

export const HomeGroupKey = z.enum(['TICKETING_DUE', 'ADM', 'WAITLIST', 'RESCHEDULE', 'REPRICE']);
export type HomeGroupKey = z.infer<typeof HomeGroupKey>;
