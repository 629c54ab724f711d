import { describe, expect, it } from "vitest";
import { ADMIN_SESSION_FRESH_MS, isFreshSession, sessionAuthenticatedAt } from "./admin-freshness";
import { autoconfirmAdminWarning, hasAdminRole, isListedAdmin } from "./admin-role";
import { userStatus } from "./admin-users";

describe("admin session freshness", () => {
  it("takes the newest authentication of the session (a later TOTP step counts)", () => {
    expect(sessionAuthenticatedAt([{ timestamp: 100 }, { timestamp: 300 }, { timestamp: 200 }])).toEqual(new Date(300_000));
    expect(sessionAuthenticatedAt([])).toBeNull();
    expect(sessionAuthenticatedAt(undefined)).toBeNull();
  });

  it("is fresh for 12 hours, and never without a known sign-in time", () => {
    const signedIn = new Date("2026-11-25T00:00:00Z");
    expect(isFreshSession(signedIn, new Date(signedIn.getTime() + ADMIN_SESSION_FRESH_MS))).toBe(true);
    expect(isFreshSession(signedIn, new Date(signedIn.getTime() + ADMIN_SESSION_FRESH_MS + 1))).toBe(false);
    expect(isFreshSession(null, signedIn)).toBe(false);
  });
});

describe("operator role", () => {
  it("is app_metadata.role = admin only", () => {
    expect(hasAdminRole({ role: "admin" })).toBe(true);
    expect(hasAdminRole({ role: "Admin" })).toBe(false);
    expect(hasAdminRole({ roles: ["admin"] })).toBe(false);
    expect(hasAdminRole(null)).toBe(false);
  });

  it("comes from ADMIN_EMAILS only for an address proven by a link, case-insensitively, never for the demo account", () => {
    const listed = ["ops@example.com"];
    const confirmed = "2026-11-25T00:00:00Z";
    const byLink = { email_proof: { method: "link", email: "ops@example.com" } };
    expect(isListedAdmin({ email: "Ops@Example.com", email_confirmed_at: confirmed, app_metadata: byLink }, listed)).toBe(true);
    expect(isListedAdmin({ email: "ops@example.com", email_confirmed_at: undefined, app_metadata: byLink }, listed)).toBe(false);
    expect(isListedAdmin({ email: "ops@example.com.evil", email_confirmed_at: confirmed, app_metadata: byLink }, listed)).toBe(false);
    // AUTH_AUTOCONFIRM (or the service key) confirmed it: nobody showed they read the mailbox.
    const autoconfirmed = { email_proof: { method: "autoconfirm", email: "ops@example.com" } };
    expect(isListedAdmin({ email: "ops@example.com", email_confirmed_at: confirmed, app_metadata: autoconfirmed }, listed)).toBe(false);
    expect(isListedAdmin({ email: "ops@example.com", email_confirmed_at: confirmed, app_metadata: {} }, listed)).toBe(false);
    // A proof of another address (the address was changed since) proves nothing.
    const other = { email_proof: { method: "link", email: "old@example.com" } };
    expect(isListedAdmin({ email: "ops@example.com", email_confirmed_at: confirmed, app_metadata: other }, listed)).toBe(false);
    expect(isListedAdmin({ email: "ops@example.com", email_confirmed_at: confirmed, app_metadata: { ...byLink, demo: true } }, listed)).toBe(false);
  });
});

describe("the start-up warning for ADMIN_EMAILS under AUTH_AUTOCONFIRM", () => {
  it("speaks only when both are set", () => {
    expect(autoconfirmAdminWarning({ ADMIN_EMAILS: ["ops@example.com"], AUTH_AUTOCONFIRM: "on" })).toContain("AUTH_AUTOCONFIRM");
    expect(autoconfirmAdminWarning({ ADMIN_EMAILS: ["ops@example.com"], AUTH_AUTOCONFIRM: "false" })).toBeNull();
    expect(autoconfirmAdminWarning({ ADMIN_EMAILS: [], AUTH_AUTOCONFIRM: "true" })).toBeNull();
    expect(autoconfirmAdminWarning({ AUTH_AUTOCONFIRM: "true" })).toBeNull();
  });
});

describe("user status", () => {
  const now = new Date("2026-11-25T00:00:00Z");
  it("is 正常 without a ban or after it ends, banned until a time, and 永久 for the console's 100 years", () => {
    expect(userStatus({ banned_until: undefined }, now)).toEqual({ banned: false });
    expect(userStatus({ banned_until: "2026-11-24T00:00:00Z" }, now)).toEqual({ banned: false });
    expect(userStatus({ banned_until: "2026-11-26T00:00:00.000Z" }, now)).toEqual({ banned: true, until: "2026-11-26T00:00:00.000Z", permanent: false });
    expect(userStatus({ banned_until: "2126-11-25T00:00:00Z" }, now)).toMatchObject({ banned: true, permanent: true });
  });
});
