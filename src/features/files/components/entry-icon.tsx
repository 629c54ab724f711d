"use client";

import { File, FileImage, Folder } from "lucide-react";
import { useState } from "react";
import { filesCopy } from "../copy";
import type { Entry } from "../lib/entries";
import { isImageType } from "../lib/limits";

/** A thumbnail for images (when a URL exists and loads), otherwise an icon for the kind of entry. */
export function EntryIcon({ entry, thumbnailUrl }: { entry: Entry; thumbnailUrl: string | undefined }) {
  const [broken, setBroken] = useState(false);
  if (entry.kind === "folder") return <Folder aria-hidden className="size-8 p-1 text-amber-500" />;
  if (thumbnailUrl && !broken) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- signed / storage URLs, not optimisable assets
      <img
        src={thumbnailUrl}
        alt={filesCopy.thumbnailAlt(entry.name)}
        loading="lazy"
        onError={() => setBroken(true)}
        className="size-8 rounded object-cover"
      />
    );
  }
  const Icon = isImageType(entry.mimeType) ? FileImage : File;
  return <Icon aria-hidden className="size-8 p-1 text-muted-foreground" />;
}
