export { NotBuiltRoute as AccountRoute } from './not-built';
