/** Client-safe shapes of the operator console's user views. */

export type AdminUserStatus = { banned: false } | { banned: true; until: string; permanent: boolean };

export type AdminUserRow = {
  id: string;
  email: string | null;
  phone: string | null;
  createdAt: string;
  lastSignInAt: string | null;
  planName: string;
  status: AdminUserStatus;
  isAdmin: boolean;
};

export type AdminUserFactor = { id: string; type: string; friendlyName: string | null; status: string; createdAt: string };

export type AdminUserIdentity = { provider: string; identifier: string | null; createdAt: string | null; lastSignInAt: string | null };

export type AdminUsersPage = { users: AdminUserRow[]; total: number; page: number; perPage: number; query: string };

/** The ban lengths the console offers, as GoTrue's `ban_duration` (Go durations; "永久" is 100 years). */
export const BAN_DURATIONS = {
  "1d": { label: "1 天", duration: "24h" },
  "7d": { label: "7 天", duration: "168h" },
  "30d": { label: "30 天", duration: "720h" },
  forever: { label: "永久", duration: "876000h" },
} as const;

export type BanLength = keyof typeof BAN_DURATIONS;

/** One row of admin_audit_log as the 审计日志 page shows it. */
export type AdminAuditView = {
  id: string;
  actorId: string;
  action: string;
  targetUserId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  createdAt: string;
};
