import { z } from "@/lib/zod";

/**
 * 纳税人识别号: the 18-character 统一社会信用代码, or an older 15- or 20-character number; digits
 * and capital letters. Lower case is accepted and upper-cased.
 */
export const TAX_NUMBER = /^(?:[0-9A-Z]{15}|[0-9A-Z]{18}|[0-9A-Z]{20})$/;

const taxNumber = z
  .string()
  .trim()
  .toUpperCase()
  .max(20, "税号应为 15、18 或 20 位数字或大写字母")
  .regex(TAX_NUMBER, "税号应为 15、18 或 20 位数字或大写字母");

/**
 * Body of `POST /api/billing/invoices`: a 普通发票 for one paid order. A company's title needs its
 * tax number; an individual's may leave it out (an empty field counts as left out).
 */
export const invoiceRequestBodySchema = z
  .object({
    orderId: z.string().uuid("订单号无效"),
    titleType: z.enum(["personal", "company"], { message: "请选择抬头类型" }),
    title: z.string().trim().min(2, "请填写发票抬头").max(100, "发票抬头最多 100 个字"),
    taxNumber: z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), taxNumber.optional()),
    email: z.string().trim().toLowerCase().max(320).email("请输入有效的邮箱地址"),
  })
  .strict()
  .refine((body) => body.titleType === "personal" || body.taxNumber !== undefined, { message: "企业抬头须填写税号", path: ["taxNumber"] });
export type InvoiceRequestBody = z.infer<typeof invoiceRequestBodySchema>;

/** An order on the billing page with its invoice request, if any. */
export type OrderInvoiceView = {
  orderId: string;
  orderNumber: string;
  planName: string;
  interval: "month" | "year";
  amount: number;
  currency: string;
  paidAt: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  /** Whether 申请发票 is offered: paid, not refunded, no request yet. */
  invoiceable: boolean;
  invoice: { status: "pending" | "issued"; title: string; invoiceNumber: string | null } | null;
};
