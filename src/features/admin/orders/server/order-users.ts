import "server-only";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import type { OrderUser } from "../types";

/**
 * The accounts of a page's orders (≤ 20 distinct) through the auth admin API, as the users section
 * reads them. A deleted user keeps their orders (financial records): shown by id only.
 */
export async function orderUsers(userIds: string[]): Promise<Map<string, OrderUser>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const admin = await createSupabaseAdminClient();
  const found = await Promise.all(
    unique.map(async (id): Promise<OrderUser> => {
      const { data } = await admin.auth.admin.getUserById(id);
      return { id, email: data.user?.email || null, phone: data.user?.phone || null };
    }),
  );
  return new Map(found.map((user) => [user.id, user]));
}
