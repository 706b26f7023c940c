export { NotBuiltRoute as ManagementCreatePnrRoute } from './not-built';
