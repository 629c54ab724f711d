import type { Metadata } from "next";
import { z } from "zod";
import { AppPageHeading } from "@/features/layouts";
import { parseRouteParams } from "@/features/routing";

export const metadata: Metadata = { title: "对话" };

const paramsSchema = z.object({ appid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

export default async function ChatAppPage({ params }: { params: Promise<{ appid: string }> }) {
  const { appid } = parseRouteParams(paramsSchema, await params);
  return <AppPageHeading title="对话" appId={appid} />;
}
