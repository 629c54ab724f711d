import { cn } from "@/lib/utils";
import { contentCopy } from "../copy";
import type { TocEntry } from "../headings";

/** "本页目录": links to the page's ## and ### headings. */
export function TableOfContents({ toc }: { toc: TocEntry[] }) {
  if (toc.length === 0) return null;
  return (
    <nav aria-label={contentCopy.docs.tocLabel} className="text-sm">
      <p className="mb-3 font-semibold">{contentCopy.docs.tocLabel}</p>
      <ul className="space-y-2 border-l">
        {toc.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              className={cn("-ml-px block border-l border-transparent pl-3 text-muted-foreground hover:border-primary hover:text-foreground", entry.depth === 3 && "pl-6")}
            >
              {entry.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
