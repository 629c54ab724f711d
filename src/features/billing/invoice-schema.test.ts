import { describe, expect, it } from "vitest";
import { invoiceRequestBodySchema } from "./invoice-schema";

const base = { orderId: "7b0c5a52-3a0f-4c1e-9a51-1c2d3e4f5a6b", title: "张三", email: "Me@Example.com" };
const errorOf = (body: unknown) => {
  const parsed = invoiceRequestBodySchema.safeParse(body);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe("invoiceRequestBodySchema", () => {
  it("an individual may leave the tax number out (an empty field counts as out)", () => {
    expect(invoiceRequestBodySchema.parse({ ...base, titleType: "personal" })).toEqual({ ...base, titleType: "personal", email: "me@example.com" });
    expect(invoiceRequestBodySchema.parse({ ...base, titleType: "personal", taxNumber: "  " }).taxNumber).toBeUndefined();
  });

  it("a company needs a tax number of 15, 18 or 20 digits / capital letters (lower case is upper-cased)", () => {
    expect(errorOf({ ...base, titleType: "company", title: "示例科技有限公司" })).toBe("企业抬头须填写税号");
    for (const taxNumber of ["123456789012345", "91110000ma01abcd2x", "12345678901234567890"]) {
      expect(invoiceRequestBodySchema.parse({ ...base, titleType: "company", taxNumber }).taxNumber).toBe(taxNumber.toUpperCase());
    }
    for (const taxNumber of ["12345678901234", "1234567890123456", "9111000MA01ABCD2X-", "91110000MA01ABCD2 ", "911100００MA01ABCD2X", "<script>1234567890", "1".repeat(21)]) {
      expect(errorOf({ ...base, titleType: "company", taxNumber }), taxNumber).toBe("税号应为 15、18 或 20 位数字或大写字母");
    }
    // An individual's tax number, when given, is checked the same way.
    expect(errorOf({ ...base, titleType: "personal", taxNumber: "abc" })).toBe("税号应为 15、18 或 20 位数字或大写字母");
  });

  it("refuses a missing or huge title, a bad e-mail or order id, an unknown title type and extra fields", () => {
    expect(errorOf({ ...base, titleType: "personal", title: " " })).toBe("请填写发票抬头");
    expect(errorOf({ ...base, titleType: "personal", title: "长".repeat(101) })).toBe("发票抬头最多 100 个字");
    expect(errorOf({ ...base, titleType: "personal", email: "not-mail" })).toBe("请输入有效的邮箱地址");
    expect(errorOf({ ...base, titleType: "personal", orderId: "1; drop table" })).toBe("订单号无效");
    expect(errorOf({ ...base, titleType: "government" })).toBe("请选择抬头类型");
    expect(errorOf({ ...base, titleType: "personal", userId: base.orderId })).not.toBeNull();
    expect(errorOf({ ...base, titleType: "personal", status: "issued" })).not.toBeNull();
  });
});
