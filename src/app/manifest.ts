import type { MetadataRoute } from "next";
import { webAppManifest } from "@/features/marketing";

export default function manifest(): MetadataRoute.Manifest {
  return webAppManifest();
}
