export { NotBuiltRoute as NotificationTypesRoute } from './not-built';
