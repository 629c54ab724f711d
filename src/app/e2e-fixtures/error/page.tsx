import { forbidden, notFound, unauthorized } from "next/navigation";
import { ThrowAfterMount } from "@/features/errors";

export const dynamic = "force-dynamic";
export const metadata = { robots: { index: false } };

type Props = { searchParams: Promise<{ status?: string; message?: string }> };

/**
 * E2E fixture (only in builds with NEXT_PUBLIC_E2E_HOOKS=1, a 404 everywhere else): reaches each
 * error page the way the product would — 401 / 403 through Next's auth interrupts, 500 through
 * an error thrown on the server, any other status through a client component failing in the browser.
 */
export default async function ErrorFixturePage({ searchParams }: Props) {
  if (process.env.NEXT_PUBLIC_E2E_HOOKS !== "1") notFound();
  const { status = "500", message = "" } = await searchParams;
  if (status === "401") unauthorized();
  if (status === "403") forbidden();
  if (status === "500") throw new Error("e2e fixture: server error");
  return <ThrowAfterMount statusCode={Number(status) || 500} message={message} />;
}
