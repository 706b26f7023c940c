export { NotBuiltRoute as HelpRoute } from './not-built';
