import { withApiErrors } from "@/lib/api";
import { getPublicSupabaseConfig } from "@/lib/supabase/connection";

export const dynamic = "force-dynamic";

/**
 * The browser's Supabase settings: the public key and the URL (`null` = this site). Fetched at run
 * time because the embedded services make their key per installation, after the build.
 */
export const GET = withApiErrors(async () =>
  Response.json(await getPublicSupabaseConfig(), { headers: { "Cache-Control": "no-store" } }),
);
