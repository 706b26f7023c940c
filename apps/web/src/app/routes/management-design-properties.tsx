export { NotBuiltRoute as ManagementDesignPropertiesRoute } from './not-built';
