import "server-only";

// Server side of the operator console (/admin): who is an operator, the users' admin API, audit rows.
export { grantListedAdmins, resolveAdmin, type AdminSession } from "./server/admin-access";
export { createAdminApiHandler, type AdminApiOptions } from "./server/admin-api";
export { adminPageMetadata, requireAdminPage } from "./server/admin-page";
export { ADMIN_SESSION_FRESH_MS, REAUTHENTICATE_MESSAGE, sessionAuthenticatedAt } from "./server/admin-freshness";
export { ADMIN_AUDIT_PER_PAGE, listAdminActions, type AdminAuditPage } from "./server/admin-audit";
export { auditAccounts } from "./audit/server/audit-accounts";
export { autoconfirmAdminWarning, findUserByEmail, hasAdminRole, setAdminRole } from "./server/admin-role";
export { ADMIN_USERS_PER_PAGE, getAdminUser, isUserId, searchUsers, userStatus, type AdminUserDetail } from "./server/admin-users";
export { parseSecurityEventQuery, type SecurityEventQuery } from "./server/security-event-query";
export { eraseUserData, type DeletedUserSummary } from "./server/admin-user-deletion";
