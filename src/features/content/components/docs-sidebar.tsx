import { Link } from "@/components/link";
import { cn } from "@/lib/utils";
import type { DocTreeNode } from "../docs/docs";

/** The docs tree; the current page is marked (static HTML, no client JS needed). */
export function DocsSidebarTree({ nodes, currentHref, level = 0 }: { nodes: DocTreeNode[]; currentHref: string; level?: number }) {
  return (
    <ul className={cn("space-y-0.5", level > 0 && "mt-0.5 ml-3 border-l pl-2")}>
      {nodes.map((node) => {
        const active = node.href === currentHref;
        return (
          <li key={node.href}>
            <Link
              href={node.href}
              aria-current={active ? "page" : undefined}
              className={cn(
                "block rounded-md px-2.5 py-1.5 text-sm transition-colors",
                level === 0 && node.children.length > 0 && "font-semibold text-foreground",
                active ? "bg-accent font-medium text-accent-foreground" : "text-muted-foreground hover:bg-accent/60 hover:text-foreground",
              )}
            >
              {node.title}
            </Link>
            {node.children.length > 0 ? <DocsSidebarTree nodes={node.children} currentHref={currentHref} level={level + 1} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
