import { startProductionServer } from "../lib/production-server";
import { bystanderUnderFlood, type SignInRequest } from "./flood";

/**
 * The flood bench on the path a real visitor takes: `npm start` (server.mjs, a production build) in
 * its own process. The bystander signs in as the sign-in page does (POST /api/auth/signin, through
 * the proxy and the route); the flood guesses on /auth/v1/token, the cheapest door an attacker has.
 * TRUSTED_PROXIES=1 stands in for the one reverse proxy of a deployment, so each caller's
 * X-Forwarded-For names its address.
 */
export async function floodThroughTheApp(): Promise<void> {
  // The embedded defaults otherwise, rate limits included: what the attacker of the finding faced.
  const server = await startProductionServer({ TRUSTED_PROXIES: "1", AUTH_AUTOCONFIRM: "true" });
  try {
    const { anonKey } = (await (await fetch(`${server.baseUrl}/api/auth/config`)).json()) as { anonKey: string };
    const json = { "content-type": "application/json" };
    const bystander = { email: "bystander@example.com", password: "Spark-bench-2026" };
    const victimEmail = "victim@example.com";
    for (const account of [bystander, { email: victimEmail, password: "Spark-victim-2026" }]) {
      const response = await fetch(`${server.baseUrl}/api/auth/signup`, { method: "POST", headers: json, body: JSON.stringify({ type: "email", ...account }) });
      if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    }
    const pageSignIn: SignInRequest = (ip, email, password) => ({
      url: `${server.baseUrl}/api/auth/signin`,
      init: { method: "POST", headers: { ...json, "x-forwarded-for": ip }, body: JSON.stringify({ email, password }) },
    });
    const tokenGuess: SignInRequest = (ip, email, password) => ({
      url: `${server.baseUrl}/auth/v1/token?grant_type=password`,
      init: { method: "POST", headers: { ...json, apikey: anonKey, "x-forwarded-for": ip }, body: JSON.stringify({ email, password }) },
    });
    await bystanderUnderFlood({ bystanderRequest: pageSignIn, floodRequest: tokenGuess, bystander, victimEmail }, "npm start: bystander through /api/auth/signin, flood on /auth/v1/token");
  } finally {
    await server.stop();
  }
}
