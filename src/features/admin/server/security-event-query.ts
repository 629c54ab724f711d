import "server-only";
import type { SecurityEventFilter } from "@/features/auth/server";
import { isUserId } from "./admin-users";

/** The 账号安全事件 filter as the page's and the API's query string carry it (values as typed). */
export type SecurityEventQuery = { user: string; action: string; from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACTION = /^[a-z_]{1,40}$/;

/** A day of the form's date inputs, in China time (the site's audience); `to` is inclusive. */
export function dayStart(value: string, plusDays = 0): Date | undefined {
  if (!DAY.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00+08:00`);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Date(date.getTime() + plusDays * 86_400_000);
}

/** Reads the filter, dropping what is malformed (a bad id or date filters nothing rather than erring). */
export function parseSecurityEventQuery(read: (key: string) => string | undefined): { query: SecurityEventQuery; filter: SecurityEventFilter } {
  const query = { user: (read("user") ?? "").trim(), action: (read("action") ?? "").trim(), from: read("from") ?? "", to: read("to") ?? "" };
  return {
    query,
    filter: {
      userId: isUserId(query.user) ? query.user.toLowerCase() : undefined,
      action: ACTION.test(query.action) ? query.action : undefined,
      from: dayStart(query.from),
      to: dayStart(query.to, 1),
    },
  };
}
