export { NotBuiltRoute as ManagementPnrInfoRoute } from './not-built';
