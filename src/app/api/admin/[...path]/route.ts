import { createAdminApiHandler } from "@/features/admin/server";

// The operator console's API (src/features/admin): access, routing and freshness live there.
const handler = createAdminApiHandler();

export const GET = handler;
export const HEAD = handler;
export const POST = handler;
export const PUT = handler;
export const PATCH = handler;
export const DELETE = handler;
export const OPTIONS = handler;
