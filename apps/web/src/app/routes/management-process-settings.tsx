export { NotBuiltRoute as ManagementProcessSettingsRoute } from './not-built';
