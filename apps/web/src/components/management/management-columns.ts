import type { ReactNode } from 'react';

/** A column of a management list: its header on large screens, its label on a phone's card. */
export type ManagementColumn<Row> = {
  key: string;
  label: string;
  value: (row: Row) => ReactNode;
};
