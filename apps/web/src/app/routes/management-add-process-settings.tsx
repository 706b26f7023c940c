export { NotBuiltRoute as ManagementAddProcessSettingsRoute } from './not-built';
