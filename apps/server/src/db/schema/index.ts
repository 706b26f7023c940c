export * from './organisation';
export * from './users';
export * from './auth';
export * from './bookings';
export * from './notifications';
export * from './settings';
export * from './delivery';
export * from './audit';
