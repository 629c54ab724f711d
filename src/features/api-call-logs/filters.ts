import { z } from "@/lib/zod";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "日期格式应为 YYYY-MM-DD");
const blankAsUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/**
 * The 调用日志's filters, as the page's form and the CSV link put them in the query string. Empty
 * fields mean "any"; `status` is `ok`, `failed` or one HTTP status.
 */
export const callLogFiltersSchema = z
  .object({
    key: z.preprocess(blankAsUndefined, z.uuid("API 密钥无效").optional()),
    model: z.preprocess(blankAsUndefined, z.string().trim().max(200, "应用 / 模型名太长").optional()),
    status: z.preprocess(blankAsUndefined, z.union([z.enum(["ok", "failed"]), z.string().regex(/^[1-5]\d\d$/, "状态应为成功、失败或一个 HTTP 状态码")]).optional()),
    from: z.preprocess(blankAsUndefined, day.optional()),
    to: z.preprocess(blankAsUndefined, day.optional()),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, { message: "开始日期不能晚于结束日期", path: ["from"] });

export type CallLogFilters = z.infer<typeof callLogFiltersSchema>;

/** The filters of a query string (a URL's `searchParams` or a page's `searchParams` object). */
export function filtersFromQuery(query: URLSearchParams | Record<string, string | string[] | undefined>) {
  const get = (name: string) => {
    const value = query instanceof URLSearchParams ? query.get(name) : query[name];
    return Array.isArray(value) ? value[0] : (value ?? undefined);
  };
  return callLogFiltersSchema.safeParse({ key: get("key"), model: get("model"), status: get("status"), from: get("from"), to: get("to") });
}

/** The query string of a set of filters (for the CSV link), without the empty ones. */
export function filtersQuery(filters: CallLogFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return params.toString();
}
