import "server-only";
import { parseJsonBody } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import type { AdminRoute } from "../../server/admin-api";
import { listInvoiceRequests, markInvoiceIssued, markIssuedBody, parseInvoiceStatus } from "./invoice-queue";
import { parsePageNumber } from "@/lib/pagination";

const json = (body: unknown) => Response.json(body, { headers: { "Cache-Control": "private, no-store" } });
const pageOf = (url: URL) => parsePageNumber(url.searchParams.get("page"));

/** 发票: `GET /api/admin/invoices?status=pending|issued|all&page=` and `POST /api/admin/invoices/{id}/issue {invoiceNumber?}`. */
export const invoiceRoutes: AdminRoute[] = [
  {
    method: "GET",
    pattern: /^invoices$/,
    write: false,
    handle: async (request) => {
      const url = new URL(request.url);
      return json(await listInvoiceRequests(await getDatabase(), { status: parseInvoiceStatus(url.searchParams.get("status")), page: pageOf(url) }));
    },
  },
  {
    method: "POST",
    pattern: /^invoices\/([^/]+)\/issue$/,
    write: true,
    handle: async (request, [requestId], admin) => {
      const input = await parseJsonBody(request, markIssuedBody);
      return json(await markInvoiceIssued(await getDatabase(), { userId: admin.userId, ip: visitorIp(request.headers) ?? null }, requestId!, input));
    },
  },
];
