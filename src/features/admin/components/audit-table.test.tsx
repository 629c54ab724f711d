import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { auditChangeLines } from "../audit/audit-change";
import { securityTraitLines } from "../audit/security-traits";
import type { AdminAuditView } from "../types";
import { AuditTable } from "./audit-table";
import { SecurityEventsTable } from "./security-events-table";

const OPERATOR = "11111111-1111-4111-8111-111111111111";
const VICTIM = "22222222-2222-4222-8222-222222222222";
const ban: AdminAuditView = {
  id: "1",
  actorId: OPERATOR,
  action: "user.ban",
  targetUserId: VICTIM,
  before: { bannedUntil: null },
  after: { bannedUntil: "2026-12-04T02:00:00.000Z", length: "7d" },
  ip: "203.0.113.9",
  createdAt: "2026-11-27T02:00:00.000Z",
};

describe("AuditTable", () => {
  it("names who by address, linked to their page, what in words and the change as 字段：旧 → 新", () => {
    const html = renderToStaticMarkup(<AuditTable entries={[ban]} accounts={{ [OPERATOR]: "ops@example.com", [VICTIM]: "user@example.com" }} />);
    expect(html).toContain(`href="/admin/users/${OPERATOR}"`);
    expect(html).toContain("ops@example.com");
    expect(html).toContain(`href="/admin/users/${VICTIM}"`);
    expect(html).toContain("user@example.com");
    expect(html).toContain("封禁用户");
    expect(html).toContain("封禁至");
    expect(html).toContain("2026-12-04 10:00");
    expect(html).toContain("封禁时长");
    expect(html).toContain("7 天");
    // No English keys or raw JSON in the text, and no 8-character id fragments.
    expect(html).not.toMatch(/>[^<]*bannedUntil[^<]*</);
    expect(html).not.toContain("length:");
    expect(html).not.toContain(">11111111<");
    expect(html).toContain("203.0.113.9");
  });

  it("says 已删除的用户 for an account the auth service no longer has", () => {
    const html = renderToStaticMarkup(<AuditTable entries={[ban]} accounts={{}} />);
    expect(html).toContain("已删除的用户");
    expect(html).toContain(`title="${VICTIM}"`);
  });
});

describe("auditChangeLines", () => {
  it("keeps only what changed, with identifiers as context, money in 元 and tables in words", () => {
    const lines = auditChangeLines(
      { planId: "pro", name: "专业版", monthlyPriceFen: 4900, visible: true },
      { planId: "pro", name: "专业版", monthlyPriceFen: 5900, visible: true },
    );
    expect(lines.map((line) => [line.label, line.before, line.after])).toEqual([
      ["套餐", null, "pro"],
      ["月付价格", "¥49", "¥59"],
    ]);
    expect(lines[0]!.raw).toBe(true);
    const deleted = auditChangeLines({ email: "a@example.com" }, { rows: { notes: 2, api_keys: 1 }, storageObjects: 0, difyConversations: 1 });
    expect(deleted.find((line) => line.key === "rows")!.after).toBe("笔记 2，API 密钥 1");
    expect(deleted.find((line) => line.key === "email")).toMatchObject({ label: "邮箱", before: null, after: "a@example.com" });
  });
});

describe("SecurityEventsTable", () => {
  it("shows the event's details in words and links the account by its address", () => {
    expect(securityTraitLines({ provider: "password" })).toEqual([{ key: "provider", label: "方式", before: null, after: "密码", raw: false }]);
    const html = renderToStaticMarkup(
      <SecurityEventsTable
        events={[{ id: "e", action: "logout", actorId: VICTIM, actorUsername: "user@example.com", logType: "account", ip: "::1", createdAt: ban.createdAt, traits: { scope: "global", admin: true } }]}
      />,
    );
    expect(html).toContain("user@example.com");
    expect(html).toContain("所有设备");
    expect(html).toContain("管理员");
    expect(html).not.toContain("&quot;scope&quot;");
  });
});

describe("auditChangeLines for an app", () => {
  it("puts the app's type and kind in words and keeps ids untranslated", () => {
    const lines = auditChangeLines(null, { appid: "team-chat", type: "dify", kind: "chat", models: ["a", "b"], enabled: true });
    expect(lines.map((line) => [line.label, line.after, line.raw])).toEqual([
      ["应用 ID", "team-chat", true],
      ["类型", "Dify 应用", false],
      ["应用类别", "对话", false],
      ["模型", "a、b", true],
      ["启用", "是", false],
    ]);
  });
});
