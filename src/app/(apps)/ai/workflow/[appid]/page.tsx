import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { z } from "@/lib/zod";
import { APPID_PATTERN } from "@/features/ai-apps";
import { getApp, toPublicApp } from "@/features/ai-apps/server";
import { WorkflowApp } from "@/features/ai-workflow";
import { parseRouteParams } from "@/features/routing";

const paramsSchema = z.object({ appid: z.string().regex(APPID_PATTERN) });
type Props = { params: Promise<{ appid: string }> };

// Metadata and page share one registry read per request.
const loadApp = cache((appid: string) => getApp(appid));

async function loadWorkflowApp(params: Props["params"]) {
  const { appid } = parseRouteParams(paramsSchema, await params);
  const app = await loadApp(appid);
  // An app of another kind on the workflow page is as unknown as a missing one.
  if (!app || app.kind !== "workflow") notFound();
  return toPublicApp(app);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const app = await loadWorkflowApp(params);
  return { title: app.name };
}

export default async function WorkflowAppPage({ params }: Props) {
  return <WorkflowApp app={await loadWorkflowApp(params)} />;
}
