import type { Metadata } from "next";
import { HomeHero } from "@/features/layouts";

export const metadata: Metadata = { title: { absolute: "思维火花 - 快速接入AI工作流" } };

export default function HomePage() {
  return <HomeHero />;
}
