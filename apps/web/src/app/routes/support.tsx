export { NotBuiltRoute as SupportRoute } from './not-built';
