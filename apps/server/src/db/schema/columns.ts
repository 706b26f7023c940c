import { timestamp } from 'drizzle-orm/pg-core';

// Every instant is stored with its zone; the app reads and writes JS Dates.
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => instant('created_at').notNull().defaultNow();
export const updatedAt = () => instant('updated_at').notNull().defaultNow();
