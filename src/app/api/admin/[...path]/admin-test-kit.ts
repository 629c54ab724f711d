// Test support (not a test file) for the console API's route tests. Import it dynamically, after
// `stubEmbeddedAppEnv`, like the modules it uses: they read the environment when first loaded.
import { createClient, type Session, type SupabaseClient } from "@supabase/supabase-js";
import { NextRequest } from "next/server";
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { SESSION_HANDOFF_HEADER } from "@/features/auth/session-handoff";
import { setAdminRole } from "@/features/admin/server/admin-role";
import { getSupabaseConnection } from "@/lib/supabase/connection";
import { proxy } from "@/proxy";
import { sessionCookieHeader } from "../../../../../test/session-cookies";
import * as adminRoute from "./route";

export const SITE = "http://localhost:3000";
export const PASSWORD = "secret-password-1";
const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

export type Call = { status: number; body: unknown };
type RouteHandler = typeof adminRoute.GET;
type Connection = Awaited<ReturnType<typeof getSupabaseConnection>>;

/**
 * Accounts, signed-in cookies and console API calls as a browser makes them under `npm start`: the
 * proxy verifies the cookie's token and hands its claims to the route.
 */
export async function startAdminTestKit() {
  const connection: Connection = await getSupabaseConnection();
  const service: SupabaseClient = createClient(connection.url, connection.serviceRoleKey, { global: { fetch: connection.fetch }, auth: noSession });
  let count = 0;

  async function newUser(email = `person-${++count}@example.com`): Promise<{ id: string; email: string }> {
    const { data, error } = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    if (error) throw error;
    return { id: data.user.id, email };
  }

  async function signIn(email: string): Promise<{ client: SupabaseClient; session: Session }> {
    const client = createClient(connection.url, connection.anonKey, { global: { fetch: connection.fetch }, auth: noSession });
    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    if (error) throw error;
    return { client, session: data.session };
  }

  /** Follows a magic link sent to `email` (as its mailbox's owner would): the address is proven. */
  async function proveMailbox(email: string): Promise<void> {
    const { data, error } = await service.auth.admin.generateLink({ type: "magiclink", email });
    if (error) throw error;
    const client = createClient(connection.url, connection.anonKey, { global: { fetch: connection.fetch }, auth: noSession });
    const verified = await client.auth.verifyOtp({ token_hash: data.properties.hashed_token, type: "magiclink" });
    if (verified.error) throw verified.error;
  }

  /** The session cookies @supabase/ssr writes for this session, as a Cookie header. */
  const cookieHeader = (session: Session) => sessionCookieHeader(connection, session);

  /** Request headers as under `npm start`: the proxy verified the token and hands over its claims. */
  async function headersFor(url: string, cookie: string | undefined): Promise<Record<string, string>> {
    if (!cookie) return {};
    const response = await proxy(new NextRequest(url, { headers: { cookie } }));
    const handoff = response.headers.get(`x-middleware-request-${SESSION_HANDOFF_HEADER}`);
    return handoff ? { cookie, [SESSION_HANDOFF_HEADER]: handoff } : { cookie };
  }

  /** One call of the console API (`/api/admin/<path>`) with this cookie, through `handler`. */
  async function api(cookie: string | undefined, method: string, path: string, body?: unknown, handler: RouteHandler = adminRoute.GET): Promise<Call> {
    const url = `${SITE}/api/admin/${path}`;
    const headers = { ...(await headersFor(url, cookie)), ...(body === undefined ? {} : { "content-type": "application/json" }) };
    const request = new NextRequest(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const segments = new URL(url).pathname.split("/").slice(3).filter(Boolean);
    const response = await callRouteHandler((r) => handler(r, { params: Promise.resolve({ path: segments }) }), request);
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  /** A new operator (app_metadata.role = admin), signed in after the grant so the token carries the role. */
  async function newAdmin(email?: string) {
    const user = await newUser(email);
    const { data } = await service.auth.admin.getUserById(user.id);
    await setAdminRole(service, data.user!, true);
    const { client, session } = await signIn(user.email);
    return { ...user, client, session, cookie: await cookieHeader(session) };
  }

  return { connection, service, newUser, newAdmin, signIn, proveMailbox, cookieHeader, headersFor, api };
}
