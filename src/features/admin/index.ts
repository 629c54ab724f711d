// Client-safe surface of the operator console. Server side: "@/features/admin/server".
export { AdminPagination } from "./components/admin-pagination";
export { AuditTable } from "./components/audit-table";
export { DeleteUserDialog } from "./components/delete-user-dialog";
export { NewUserDialog } from "./components/new-user-dialog";
export { SecurityEventsFilter } from "./components/security-events-filter";
export { SecurityEventsTable } from "./components/security-events-table";
export { ReauthProvider } from "./components/reauth-context";
export { RemoveFactorButton } from "./components/remove-factor-button";
export { UserActions } from "./components/user-actions";
export { DetailList, UserDetailCard } from "./components/user-detail-card";
export { UsersSearchForm } from "./components/users-search-form";
export { UsersTable } from "./components/users-table";
export { UserStatusBadge } from "./components/user-status-badge";
export { adminCopy, adminNav } from "./copy";
export { formatAdminDateTime } from "./format";
export { BAN_DURATIONS, type AdminUserRow, type AdminUserStatus, type AdminUsersPage, type AdminAuditView, type BanLength } from "./types";
