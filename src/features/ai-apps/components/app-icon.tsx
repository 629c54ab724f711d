import {
  BookOpen,
  Bot,
  BriefcaseBusiness,
  Code,
  FileText,
  GraduationCap,
  Image as ImageIcon,
  Languages,
  Lightbulb,
  MessageSquare,
  PenLine,
  Search,
  Sparkles,
  Workflow,
  type LucideIcon,
} from "lucide-react";
import { cn } from "@/lib/utils";
import type { AiAppKind } from "../types";

/**
 * The icons an app's `icon` may name. A short list rather than all of lucide: a name lookup over the
 * whole set would put every icon into the pages' JavaScript.
 */
export const APP_ICON_NAMES = {
  "message-square": MessageSquare,
  workflow: Workflow,
  "pen-line": PenLine,
  bot: Bot,
  sparkles: Sparkles,
  "book-open": BookOpen,
  languages: Languages,
  code: Code,
  "file-text": FileText,
  image: ImageIcon,
  search: Search,
  lightbulb: Lightbulb,
  "graduation-cap": GraduationCap,
  briefcase: BriefcaseBusiness,
} satisfies Record<string, LucideIcon>;

const kindIcons: Record<AiAppKind, LucideIcon> = { chat: MessageSquare, workflow: Workflow, completion: PenLine };

export type AppIconSource = { type: "svg"; Icon: LucideIcon } | { type: "image"; src: string } | { type: "emoji"; text: string };

/**
 * What an app's `icon` setting shows: a named SVG icon, an image (a same-site path such as an uploaded
 * file, or an https URL), or — only as a fallback for older settings — an emoji, which renders as an
 * empty box on systems without a colour-emoji font. Anything else gets the icon of the app's kind.
 */
export function appIconSource(icon: string, kind: AiAppKind): AppIconSource {
  const value = icon.trim();
  const named = APP_ICON_NAMES[value as keyof typeof APP_ICON_NAMES];
  if (named) return { type: "svg", Icon: named };
  if (/^https:\/\/\S+$/.test(value) || /^\/[^/\\]\S*$/.test(value)) return { type: "image", src: value };
  if (/^\p{Extended_Pictographic}/u.test(value) && [...value].length <= 4) return { type: "emoji", text: value };
  return { type: "svg", Icon: kindIcons[kind] };
}

/** The app's icon, filling a box the caller sizes (`className`), decorative (the app's name is beside it). */
export function AppIcon({ icon, kind, className }: { icon: string; kind: AiAppKind; className?: string }) {
  const source = appIconSource(icon, kind);
  return (
    <span aria-hidden className={cn("flex shrink-0 items-center justify-center overflow-hidden", className)} data-app-icon={source.type}>
      {source.type === "svg" ? (
        <source.Icon className="size-[55%]" />
      ) : source.type === "image" ? (
        // eslint-disable-next-line @next/next/no-img-element -- operator-chosen URL of any size; next/image would need every host allow-listed
        <img src={source.src} alt="" className="size-full object-cover" />
      ) : (
        source.text
      )}
    </span>
  );
}
