export { NotBuiltRoute as DocumentsRoute } from './not-built';
