// The audit log of management changes and refusals: what other modules may use of it.
export {
  auditChange,
  auditRefusal,
  countTakenRefusalsSince,
  lockRefusalsOf,
  type Actor,
  type RefusalDetails,
} from './audit.repository';
