// What the rest of the server may use of impersonation: the auth plugin audits every write made
// while acting as someone else.
export { auditImpersonatedRequest } from './impersonation-audit.repository';
