export { NotBuiltRoute as SettingsRoute } from './not-built';
