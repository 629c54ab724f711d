import { formatAmountFen, formatTokens, providerLabel } from "@/features/billing";
import { formatBytes } from "@/features/files";
import { BAN_DURATIONS } from "../types";
import { formatAdminDateTime } from "../format";
import { AUDIT_FIELD_LABELS, AUDIT_STATUS_LABELS, DELETED_TABLE_LABELS } from "./audit-labels";

/**
 * One line of an audit row's 变化: a field in Chinese, its value, and the value before when it changed
 * (else null: what was set, or removed). `raw` marks values that are data (ids, addresses) rather than words, so the page keeps them
 * untranslated; `key` is the stored key, shown on hover.
 */
export type AuditChangeLine = { key: string; label: string; before: string | null; after: string; raw: boolean };

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const MONEY_KEYS = new Set(["amount", "refundable", "monthlyPriceFen", "yearlyPriceFen"]);
const TOKEN_KEYS = new Set(["tokens", "tokensQuota", "grantedTokens", "monthlyTokenQuota"]);
const WORD_KEYS = new Set(["reason", "reply", "name", "description", "length", "status", "provider", "confirmed", "type", "kind", "text"]);
// Nested values whose parts are put in words (the tables a deletion emptied, a removed factor).
const WORDED_OBJECTS = new Set(["rows", "factor"]);

function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "无";
  if (typeof value === "boolean") return value ? "是" : "否";
  if (typeof value === "number") {
    if (MONEY_KEYS.has(key)) return formatAmountFen(value);
    if (TOKEN_KEYS.has(key)) return formatTokens(value);
    if (key === "storageBytes") return formatBytes(value);
    return value.toLocaleString("zh-CN");
  }
  if (typeof value === "string") {
    if (key === "length" && value in BAN_DURATIONS) return BAN_DURATIONS[value as keyof typeof BAN_DURATIONS].label;
    if (key === "provider") return providerLabel(value);
    if (key === "status") return AUDIT_STATUS_LABELS[value] ?? value;
    if (key === "type" || key === "kind") return AUDIT_STATUS_LABELS[value] ?? value;
    if (ISO_TIME.test(value)) return formatAdminDateTime(value);
    return value;
  }
  if (Array.isArray(value)) return value.length === 0 ? "无" : value.map((item) => formatValue(key, item)).join("、");
  // A nested object (a removed factor, the rows deleted per table): its fields, in Chinese where known.
  const labels = key === "rows" ? DELETED_TABLE_LABELS : AUDIT_FIELD_LABELS;
  return Object.entries(value as Record<string, unknown>)
    .map(([inner, item]) => `${labels[inner] ?? inner} ${formatValue(inner, item)}`)
    .join("，");
}

/** Ids, addresses, lists of ids: data the page keeps untranslated (and its language check skips). */
function isRaw(key: string, value: unknown): boolean {
  if (typeof value === "string") return !WORD_KEYS.has(key) && !ISO_TIME.test(value);
  if (Array.isArray(value)) return true;
  return typeof value === "object" && value !== null && !WORDED_OBJECTS.has(key);
}

/**
 * before → after as lines a person reads: changed fields, then fields only one side has (what was
 * created or removed). Identifiers both sides carry (the plan, the order) are kept as context; other
 * unchanged fields are left out, so editing one price of a plan shows one line.
 */
export function auditChangeLines(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChangeLine[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const lines: AuditChangeLine[] = [];
  for (const key of keys) {
    const hasBefore = before !== null && key in before;
    const hasAfter = after !== null && key in after;
    const old = hasBefore ? before[key] : undefined;
    const next = hasAfter ? after[key] : undefined;
    const changed = hasBefore && hasAfter && JSON.stringify(old) !== JSON.stringify(next);
    if (hasBefore && hasAfter && !changed && !key.endsWith("Id")) continue;
    const label = AUDIT_FIELD_LABELS[key] ?? key;
    const shown = hasAfter ? next : old;
    lines.push({
      key,
      label,
      // Only a changed field has two sides; the others read as one value (what was set, or removed).
      before: changed ? formatValue(key, old) : null,
      after: formatValue(key, shown),
      raw: isRaw(key, shown),
    });
  }
  return lines;
}
