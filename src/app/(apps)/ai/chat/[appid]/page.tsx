import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { z } from "@/lib/zod";
import { APPID_PATTERN } from "@/features/ai-apps";
import { getApp, toPublicApp } from "@/features/ai-apps/server";
import { ChatApp } from "@/features/ai-chat";
import { parseRouteParams } from "@/features/routing";

const paramsSchema = z.object({ appid: z.string().regex(APPID_PATTERN) });
type Props = { params: Promise<{ appid: string }> };

// Metadata and page share one registry read per request.
const loadApp = cache((appid: string) => getApp(appid));

async function loadChatApp(params: Props["params"]) {
  const { appid } = parseRouteParams(paramsSchema, await params);
  const app = await loadApp(appid);
  // A workflow or completion id on the chat page is as unknown as a missing one.
  if (!app || app.kind !== "chat") notFound();
  return toPublicApp(app);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const app = await loadChatApp(params);
  return { title: app.name };
}

export default async function ChatAppPage({ params }: Props) {
  return <ChatApp app={await loadChatApp(params)} />;
}
