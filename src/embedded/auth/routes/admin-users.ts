import { and, count, desc, asc, eq, ilike, isNull, or } from "drizzle-orm";
import type { Hono } from "hono";
import { z } from "@/lib/zod";
import { authMfaFactors, authUsers } from "@/lib/db";
import type { AuthDeps } from "../context";
import { apiError, badRequest } from "../errors";
import { requireAdmin, type AuthEnv } from "../middleware";
import { assertPasswordStrength, hashPassword } from "../passwords";
import { isUuid, metadataSchema, readBody } from "../request";
import { revokeSessions } from "../sessions";
import { insertUser, upsertIdentity } from "../user-store";
import { findUserByEmail, findUserByPhone, loadSerializedUser, loadUserBundle, normalizeEmail, normalizePhone, serializeFactor, withProvider } from "../users";
import { recordAuthEvent } from "../audit-log";

const userBody = z.object({
  id: z.string().optional(),
  aud: z.string().optional(),
  role: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  password_hash: z.string().optional(),
  email_confirm: z.boolean().optional(),
  phone_confirm: z.boolean().optional(),
  user_metadata: metadataSchema.optional(),
  app_metadata: metadataSchema.optional(),
  ban_duration: z.string().optional(),
});

/** Go duration ("24h", "1h30m", "90s") → milliseconds; "none" → null (unban). */
function banUntil(duration: string | undefined): Date | null | undefined {
  if (duration === undefined) return undefined;
  if (duration === "none") return null;
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1e3, m: 6e4, h: 3.6e6 };
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (!parts.length || parts.map((part) => part[0]).join("") !== duration) throw badRequest("invalid format for ban duration");
  const ms = parts.reduce((sum, part) => sum + Number(part[1]) * units[part[2]!]!, 0);
  return new Date(Date.now() + ms);
}

function userId(raw: string): string {
  if (!isUuid(raw)) throw apiError(404, "validation_failed", "user_id must be an UUID");
  return raw;
}

/** GoTrue parses `page` / `per_page` as unsigned integers: anything else (e.g. -1) is a 400, not clamped. */
function paginationParam(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  if (!/^\d+$/.test(value)) {
    throw apiError(400, "validation_failed", `Bad Pagination Parameters: strconv.ParseUint: parsing "${value}": invalid syntax`);
  }
  return Number(value);
}

export function registerAdminUsers(app: Hono<AuthEnv>, deps: AuthDeps) {
  const { db, config } = deps;
  const admin = requireAdmin(deps);

  app.post("/admin/users", admin, async (c) => {
    const body = await readBody(c, userBody);
    if (!body.email && !body.phone) throw badRequest("Cannot create a user without either an email or phone");
    if (body.password && body.password_hash) throw badRequest("Only a password or a password hash should be provided");
    if (body.id && !isUuid(body.id)) throw badRequest("user_id must be an UUID");
    const email = body.email ? normalizeEmail(body.email) : undefined;
    const phone = body.phone ? normalizePhone(body.phone) : undefined;
    if (email && (await findUserByEmail(db, email))) throw apiError(422, "email_exists", "A user with this email address has already been registered");
    if (phone && (await findUserByPhone(db, phone))) throw apiError(422, "phone_exists", "Phone number already registered by another user");
    if (body.password) assertPasswordStrength(body.password, config);
    const user = await insertUser(deps, {
      id: body.id,
      email,
      phone,
      password: body.password,
      passwordHash: body.password_hash,
      userMetadata: body.user_metadata,
      appMetadata: body.app_metadata,
      role: body.role,
      aud: body.aud,
      emailConfirmed: body.email_confirm,
      emailConfirmedBy: "admin",
      phoneConfirmed: body.phone_confirm,
    });
    if (body.email_confirm) await upsertIdentity(deps, user.id, "email", { email_verified: true });
    if (body.phone_confirm) await upsertIdentity(deps, user.id, "phone", { phone_verified: true });
    const banned = banUntil(body.ban_duration);
    if (banned) await db.update(authUsers).set({ bannedUntil: banned }).where(eq(authUsers.id, user.id));
    return c.json(await loadSerializedUser(db, user.id));
  });

  app.get("/admin/users", admin, async (c) => {
    const page = Math.max(1, paginationParam(c.req.query("page"), 1));
    const perPage = Math.min(1000, Math.max(1, paginationParam(c.req.query("per_page"), 50)));
    const filter = c.req.query("filter");
    const sortAsc = /created_at\s+asc/i.test(c.req.query("sort") ?? "");
    const where = and(
      isNull(authUsers.deletedAt),
      filter ? or(ilike(authUsers.email, `%${filter}%`), ilike(authUsers.phone, `%${filter}%`)) : undefined,
    );
    const [{ total }] = (await db.select({ total: count() }).from(authUsers).where(where)) as [{ total: number }];
    const rows = await db
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(where)
      .orderBy(sortAsc ? asc(authUsers.createdAt) : desc(authUsers.createdAt), asc(authUsers.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const users = await Promise.all(rows.map((row) => loadSerializedUser(db, row.id)));
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const path = new URL(c.req.url).pathname;
    const links = [];
    if (page < lastPage) links.push(`<${path}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`<${path}?page=${lastPage}&per_page=${perPage}>; rel="last"`);
    c.header("X-Total-Count", String(total));
    c.header("Link", links.join(", "));
    return c.json({ users, aud: "authenticated", total });
  });

  app.get("/admin/users/:id", admin, async (c) => c.json(await loadSerializedUser(db, userId(c.req.param("id")))));

  app.put("/admin/users/:id", admin, async (c) => {
    const id = userId(c.req.param("id"));
    const body = await readBody(c, userBody);
    const bundle = await loadUserBundle(db, id);
    if (!bundle) throw apiError(404, "user_not_found", "User not found");
    const { user } = bundle;
    const now = new Date();
    const changes: Partial<typeof authUsers.$inferInsert> = { updatedAt: now };
    if (body.role) changes.role = body.role;
    if (body.aud) changes.aud = body.aud;
    if (body.user_metadata) changes.userMetadata = { ...user.userMetadata, ...body.user_metadata };
    if (body.app_metadata) changes.appMetadata = { ...user.appMetadata, ...body.app_metadata };
    if (body.password) {
      assertPasswordStrength(body.password, config);
      changes.encryptedPassword = await hashPassword(body.password, config);
    } else if (body.password_hash) changes.encryptedPassword = body.password_hash;
    if (body.email) {
      const email = normalizeEmail(body.email);
      const taken = await findUserByEmail(db, email);
      if (taken && taken.id !== id) throw apiError(422, "email_exists", "A user with this email address has already been registered");
      changes.email = email;
      changes.appMetadata = withProvider(changes.appMetadata ?? user.appMetadata, "email");
      await upsertIdentity(deps, id, "email", { sub: id, email, email_verified: !!body.email_confirm });
      if (email !== user.email) changes.emailConfirmedAt = body.email_confirm ? now : null;
    }
    if (body.email_confirm === true && !user.emailConfirmedAt) changes.emailConfirmedAt = now;
    if (body.phone) {
      const phone = normalizePhone(body.phone);
      const taken = await findUserByPhone(db, phone);
      if (taken && taken.id !== id) throw apiError(422, "phone_exists", "Phone number already registered by another user");
      changes.phone = phone;
      changes.appMetadata = withProvider(changes.appMetadata ?? user.appMetadata, "phone");
      await upsertIdentity(deps, id, "phone", { sub: id, phone, phone_verified: !!body.phone_confirm });
      if (phone !== user.phone) changes.phoneConfirmedAt = body.phone_confirm ? now : null;
    }
    if (body.phone_confirm === true && !user.phoneConfirmedAt) changes.phoneConfirmedAt = now;
    const banned = banUntil(body.ban_duration);
    if (banned !== undefined) changes.bannedUntil = banned;
    await db.update(authUsers).set(changes).where(eq(authUsers.id, id));
    if (changes.encryptedPassword || banned) await revokeSessions(deps, id);
    return c.json(await loadSerializedUser(db, id));
  });

  app.delete("/admin/users/:id", admin, async (c) => {
    const id = userId(c.req.param("id"));
    const body = await readBody(c, z.object({ should_soft_delete: z.boolean().optional() }));
    const bundle = await loadUserBundle(db, id);
    if (!bundle) throw apiError(404, "user_not_found", "User not found");
    if (body.should_soft_delete) {
      // Soft delete keeps the row but frees the address and kills every way back in.
      await revokeSessions(deps, id);
      await db
        .update(authUsers)
        .set({ deletedAt: new Date(), email: null, phone: null, encryptedPassword: null, userMetadata: {}, appMetadata: {} })
        .where(eq(authUsers.id, id));
    } else {
      await db.delete(authUsers).where(eq(authUsers.id, id));
    }
    return c.json({});
  });

  app.get("/admin/users/:id/factors", admin, async (c) => {
    const bundle = await loadUserBundle(db, userId(c.req.param("id")));
    if (!bundle) throw apiError(404, "user_not_found", "User not found");
    return c.json(bundle.factors.map(serializeFactor));
  });

  const adminFactor = async (rawUserId: string, factorId: string) => {
    const id = userId(rawUserId);
    if (!isUuid(factorId)) throw apiError(404, "validation_failed", "factor_id must be an UUID");
    const [factor] = await db.select().from(authMfaFactors).where(and(eq(authMfaFactors.id, factorId), eq(authMfaFactors.userId, id)));
    if (!factor) throw apiError(404, "mfa_factor_not_found", "Factor not found");
    return factor;
  };

  app.delete("/admin/users/:id/factors/:factorId", admin, async (c) => {
    const factor = await adminFactor(c.req.param("id"), c.req.param("factorId"));
    await db.delete(authMfaFactors).where(eq(authMfaFactors.id, factor.id));
    await recordAuthEvent(db, { userId: factor.userId, action: "factor_deleted", traits: { factor_id: factor.id, factor_type: factor.factorType } });
    return c.json(serializeFactor(factor));
  });

  app.put("/admin/users/:id/factors/:factorId", admin, async (c) => {
    const factor = await adminFactor(c.req.param("id"), c.req.param("factorId"));
    const body = await readBody(c, z.object({ friendly_name: z.string().optional(), phone: z.string().optional() }));
    const [updated] = await db
      .update(authMfaFactors)
      .set({ friendlyName: body.friendly_name ?? factor.friendlyName, phone: body.phone ? normalizePhone(body.phone) : factor.phone, updatedAt: new Date() })
      .where(eq(authMfaFactors.id, factor.id))
      .returning();
    return c.json(serializeFactor(updated!));
  });

}
