import type { HitFilters } from "@/features/content-safety/server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const APPID = /^[A-Za-z0-9_-]{1,64}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface HitQuery {
  user?: string;
  app?: string;
  from?: string;
  to?: string;
}

const day = (value: string | undefined, offsetDays = 0): Date | undefined => {
  if (!value || !DAY.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00+08:00`);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Date(date.getTime() + offsetDays * 86_400_000);
};

/** The console's filters (user id, app id, 起止日期 in China time, the end day included); anything unreadable is ignored. */
export function parseHitQuery(get: (key: string) => string | undefined): { query: HitQuery; filters: HitFilters } {
  const user = get("user")?.trim();
  const app = get("app")?.trim();
  const from = get("from")?.trim();
  const to = get("to")?.trim();
  const query: HitQuery = {
    ...(user && UUID.test(user) ? { user } : {}),
    ...(app && APPID.test(app) ? { app } : {}),
    ...(day(from) ? { from } : {}),
    ...(day(to) ? { to } : {}),
  };
  return { query, filters: { userId: query.user, appid: query.app, from: day(query.from), to: day(query.to, 1) } };
}
