export { NotBuiltRoute as ManagementHealthRoute } from './not-built';
