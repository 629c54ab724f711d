import "server-only";
import { ApiRouteError, parseJsonBody } from "@/lib/api";
import { refundGatewaysFromEnv, refundOrder } from "@/features/billing/server";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import { z } from "@/lib/zod";
import type { AdminRoute } from "../../server/admin-api";
import { yuanToFen } from "../yuan";
import { ordersCsvResponse } from "./order-csv";
import { getOrderDetail } from "./order-detail";
import { listOrders } from "./order-list";
import { listAllPayments } from "./payment-list";
import { parseOrderQuery } from "./order-query";
import { parsePageNumber } from "@/lib/pagination";

/** `amount` is typed in 元 and read exactly as 分 (text, never a float); `requestId` is one per dialog. */
export const refundBody = z
  .object({
    amount: z.string().trim().max(12),
    reason: z.string().trim().min(1, "请填写退款原因").max(200, "退款原因最多 200 字"),
    requestId: z.string().uuid("退款请求编号无效"),
  })
  .strict();

const json = (body: unknown) => Response.json(body, { headers: { "Cache-Control": "private, no-store" } });
const pageParam = (url: URL) => parsePageNumber(url.searchParams.get("page"));

/**
 * 订单: `GET /api/admin/orders?status=&provider=&from=&to=&user=&page=`, `GET /api/admin/orders.csv?<same>[&view=payments]`,
 * `GET /api/admin/payments?<same but status>` (every payment: charges, renewals, refunds),
 * `GET /api/admin/orders/{id}`, `POST /api/admin/orders/{id}/refund {amount, reason, requestId}`.
 */
export const orderRoutes: AdminRoute[] = [
  {
    method: "GET",
    pattern: /^orders$/,
    write: false,
    handle: async (request) => {
      const url = new URL(request.url);
      return json(await listOrders(await getDatabase(), parseOrderQuery((key) => url.searchParams.get(key)), pageParam(url)));
    },
  },
  {
    method: "GET",
    pattern: /^orders\.csv$/,
    write: false,
    handle: async (request) => {
      const url = new URL(request.url);
      const view = url.searchParams.get("view") === "payments" ? "payments" : "orders";
      return ordersCsvResponse(await getDatabase(), parseOrderQuery((key) => url.searchParams.get(key)), view);
    },
  },
  {
    method: "GET",
    pattern: /^payments$/,
    write: false,
    handle: async (request) => {
      const url = new URL(request.url);
      return json(await listAllPayments(await getDatabase(), parseOrderQuery((key) => url.searchParams.get(key)), pageParam(url)));
    },
  },
  {
    method: "GET",
    pattern: /^orders\/([^/]+)$/,
    write: false,
    handle: async (_request, [orderId]) => {
      const detail = await getOrderDetail(await getDatabase(), orderId!);
      if (!detail) throw new ApiRouteError(404, "订单不存在");
      return json(detail);
    },
  },
  {
    method: "POST",
    pattern: /^orders\/([^/]+)\/refund$/,
    write: true,
    handle: async (request, [orderId], admin) => {
      const body = await parseJsonBody(request, refundBody);
      const amount = yuanToFen(body.amount);
      if (amount === null || amount <= 0) throw new ApiRouteError(400, "退款金额格式不正确（元，最多两位小数）");
      const actor = { userId: admin.userId, ip: visitorIp(request.headers) ?? null };
      return json(await refundOrder(await getDatabase(), orderId!, amount, body.reason, actor, { requestId: body.requestId, gateways: refundGatewaysFromEnv() }));
    },
  },
];
