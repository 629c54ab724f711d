import { answerEmbeddedServiceRequest } from "@/lib/supabase/embedded-route";

export const dynamic = "force-dynamic";

// Mount point of the embedded Supabase-compatible service (see src/lib/supabase/embedded-services.ts).
export const GET = answerEmbeddedServiceRequest;
export const HEAD = answerEmbeddedServiceRequest;
export const POST = answerEmbeddedServiceRequest;
export const PUT = answerEmbeddedServiceRequest;
export const PATCH = answerEmbeddedServiceRequest;
export const DELETE = answerEmbeddedServiceRequest;
export const OPTIONS = answerEmbeddedServiceRequest;
