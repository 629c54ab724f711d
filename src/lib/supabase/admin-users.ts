import type { User } from "@supabase/supabase-js";

/** The account with exactly this e-mail address (the admin list's `filter` is a substring match). */
export async function findUserByEmail(service: AuthAdminEndpoint, email: string): Promise<User | null> {
  const wanted = email.trim().toLowerCase();
  const { users } = await listUsersPage(service, { page: 1, perPage: 50, filter: wanted });
  return users.find((user) => user.email?.toLowerCase() === wanted) ?? null;
}

export type UsersPage = { users: User[]; total: number };

/** Where the auth admin API is: a SupabaseConnection (hosted project or the embedded services). */
export type AuthAdminEndpoint = { url: string; serviceRoleKey: string; fetch?: typeof fetch };

/**
 * One page of `GET /auth/v1/admin/users`, with GoTrue's `filter` (a substring of the e-mail address;
 * the embedded service also matches the phone number), which supabase-js's `listUsers` does not send.
 * Same protocol, same service key, in-process when embedded.
 */
export async function listUsersPage(service: AuthAdminEndpoint, params: { page: number; perPage: number; filter?: string }): Promise<UsersPage> {
  const query = new URLSearchParams({ page: String(params.page), per_page: String(params.perPage) });
  if (params.filter) query.set("filter", params.filter);
  const headers = { apikey: service.serviceRoleKey, Authorization: `Bearer ${service.serviceRoleKey}` };
  const response = await (service.fetch ?? fetch)(`${service.url}/auth/v1/admin/users?${query}`, { headers });
  if (!response.ok) throw new Error(`用户列表读取失败（${response.status}）`);
  const body = (await response.json()) as { users: User[]; total?: number };
  const total = Number(response.headers.get("x-total-count") ?? body.total ?? body.users.length);
  return { users: body.users, total };
}
