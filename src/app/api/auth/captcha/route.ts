import { captchaChallenge } from "@/features/auth/server";
import { withApiErrors } from "@/lib/api";

export const dynamic = "force-dynamic";

/** GET: a human-check challenge for the phone-code form (see src/features/auth/server/captcha-challenge.ts). */
export const GET = withApiErrors(async () => Response.json(await captchaChallenge(), { headers: { "Cache-Control": "no-store" } }));
