import type { Metadata } from "next";
import { z } from "zod";
import { AppPageHeading } from "@/features/layouts";
import { parseRouteParams } from "@/features/routing";

export const metadata: Metadata = { title: "工作流" };

const paramsSchema = z.object({ appid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

export default async function WorkflowAppPage({ params }: { params: Promise<{ appid: string }> }) {
  const { appid } = parseRouteParams(paramsSchema, await params);
  return <AppPageHeading title="工作流" appId={appid} />;
}
