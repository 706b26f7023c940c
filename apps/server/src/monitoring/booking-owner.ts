// Who a monitored booking belongs to, on its own: the repositories that find it and the ones
// that use it import it from here, not from each other (issue 40).
export type Owner = { agencyId: number; branchId: number; agentId: number };
