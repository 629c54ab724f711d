import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invitations, walletLedger } from "@/lib/db";
import { testTargetKinds, useTestDatabase } from "../../../../test/database-targets";
import { walletBalance } from "@/features/wallet/server/ledger";
import type { InviteSettings } from "../schemas";
import { saveInviteSettings } from "./invite-settings";
import { inviteCodeFor, NEW_ACCOUNT_MS, recordInvitation, settleInvitation, type InviteeFacts } from "./invitations";

// Issue 35 item 5: an invited sign-up rewards both once; self-invitation, a second inviter, an old
// account and mass fake sign-ups (per inviter, per address, per phone) earn nothing.
const confirmed: InviteeFacts = { confirmed: true, phone: null, paid: false };
const settings: InviteSettings = { inviterRewardFen: 500, inviteeRewardFen: 200, trigger: "signup", inviterDailyCap: 3, addressDailyCap: 2, deviceDailyCap: 2 };

describe.each(testTargetKinds())("invitations on %s", (kind) => {
  const database = useTestDatabase(kind);
  const now = new Date("2026-11-28T01:00:00Z");
  let address = 0;
  const account = (ip = `198.51.100.${++address}`) => ({ id: randomUUID(), createdAt: new Date(now.getTime() - 60_000), ip });
  const rewards = async (userId: string) => (await database.db.select().from(walletLedger).where(eq(walletLedger.userId, userId))).map((row) => [row.kind, Number(row.amountFen)]);

  it("an invited sign-up rewards both once, as reward entries of the ledger", async () => {
    const { db } = database;
    await saveInviteSettings(db, settings, randomUUID());
    const inviter = randomUUID();
    const code = await inviteCodeFor(db, inviter);
    expect(await inviteCodeFor(db, inviter)).toBe(code);
    const friend = account();
    expect(await recordInvitation(db, friend, code, now)).toBe("recorded");
    expect(await settleInvitation(db, friend.id, { ...confirmed, confirmed: false }, now)).toBe("waiting");
    expect(await settleInvitation(db, friend.id, confirmed, now)).toBe("rewarded");
    expect(await settleInvitation(db, friend.id, confirmed, now)).toBe("none");
    expect(await Promise.all([walletBalance(db, inviter), walletBalance(db, friend.id)])).toEqual([500, 200]);
    expect(await rewards(inviter)).toEqual([["reward", 500]]);
    expect(await rewards(friend.id)).toEqual([["reward", 200]]);
  });

  it("self-invitation, a second inviter and an old account earn nothing", async () => {
    const { db } = database;
    await saveInviteSettings(db, settings, randomUUID());
    const inviter = account();
    const code = await inviteCodeFor(db, inviter.id);
    expect(await recordInvitation(db, inviter, code, now)).toBe("self");
    const friend = account();
    expect(await recordInvitation(db, friend, code, now)).toBe("recorded");
    const other = await inviteCodeFor(db, randomUUID());
    expect(await recordInvitation(db, friend, other, now)).toBe("already_invited");
    expect(await recordInvitation(db, { ...account(), createdAt: new Date(now.getTime() - NEW_ACCOUNT_MS - 1) }, code, now)).toBe("not_new");
    expect(await recordInvitation(db, account(), "NOSUCHCD", now)).toBe("unknown_code");
    expect(await settleInvitation(db, inviter.id, confirmed, now)).toBe("none");
    expect(await walletBalance(db, inviter.id)).toBe(0);
  });

  it("past the inviter's daily cap, an address's cap or a phone already rewarded, sign-ups earn nothing", async () => {
    const { db } = database;
    await saveInviteSettings(db, settings, randomUUID());
    const inviter = randomUUID();
    const code = await inviteCodeFor(db, inviter);
    const friends = [account(), account(), account(), account(), account()];
    for (const friend of friends) await recordInvitation(db, friend, code, now);
    // Settled in parallel: the locks make each count the others.
    const outcomes = await Promise.all(friends.map((friend) => settleInvitation(db, friend.id, confirmed, now)));
    expect(outcomes.filter((outcome) => outcome === "rewarded")).toHaveLength(3);
    expect(await walletBalance(db, inviter)).toBe(1500);
    const refused = await db.select().from(invitations).where(eq(invitations.inviterId, inviter));
    expect(refused.filter((row) => row.status === "refused").map((row) => row.reason)).toEqual(["inviter_daily_cap", "inviter_daily_cap"]);

    // Many inviters, one address: only addressDailyCap sign-ups from it earn.
    const sameAddress = "203.0.113.9";
    const farm = await Promise.all([1, 2, 3, 4].map(async () => ({ inviter: randomUUID(), friend: account(sameAddress) })));
    for (const { inviter: owner, friend } of farm) await recordInvitation(db, friend, await inviteCodeFor(db, owner), now);
    const farmed = await Promise.all(farm.map(({ friend }) => settleInvitation(db, friend.id, confirmed, now)));
    expect(farmed.filter((outcome) => outcome === "rewarded")).toHaveLength(2);

    // Phone trigger: one phone number earns one reward, whichever account carries it.
    await saveInviteSettings(db, { ...settings, trigger: "phone", addressDailyCap: 100 }, randomUUID());
    const phoneInviter = randomUUID();
    const phoneCode = await inviteCodeFor(db, phoneInviter);
    const [first, second] = [account(), account()];
    await recordInvitation(db, first, phoneCode, now);
    await recordInvitation(db, second, phoneCode, now);
    expect(await settleInvitation(db, first.id, confirmed, now)).toBe("waiting");
    expect(await settleInvitation(db, first.id, { ...confirmed, phone: "+8613800000001" }, now)).toBe("rewarded");
    expect(await settleInvitation(db, second.id, { ...confirmed, phone: "+8613800000001" }, now)).toBe("refused");
    expect(await walletBalance(db, phoneInviter)).toBe(500);
  });

  it("with both rewards 0 the invitation is closed without a ledger entry", async () => {
    const { db } = database;
    await saveInviteSettings(db, { ...settings, inviterRewardFen: 0, inviteeRewardFen: 0 }, randomUUID());
    const inviter = randomUUID();
    const friend = account();
    await recordInvitation(db, friend, await inviteCodeFor(db, inviter), now);
    expect(await settleInvitation(db, friend.id, confirmed, now)).toBe("refused");
    expect(await rewards(inviter)).toEqual([]);
    expect(await rewards(friend.id)).toEqual([]);
  });
});
