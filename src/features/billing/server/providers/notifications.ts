import { getDatabase } from "@/lib/db";
import { getProviders } from "./index";
import type { ProviderName } from "./types";

/**
 * A provider's webhook (`/api/webhooks/{provider}`: the fixed URL the provider calls): verified and
 * answered by the provider itself, in its own format.
 */
export async function handlePaymentNotification(id: ProviderName, request: Request): Promise<Response> {
  const provider = getProviders().byId(id);
  if (!provider.handleNotification) return new Response(null, { status: 404 });
  return provider.handleNotification(request, getDatabase);
}
