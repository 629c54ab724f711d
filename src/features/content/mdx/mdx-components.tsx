import { Info, TriangleAlert } from "lucide-react";
import { Link } from "@/components/link";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";

function Anchor({ href = "", children, ...props }: ComponentProps<"a">) {
  const className = "font-medium text-primary underline underline-offset-4 hover:text-primary/80";
  if (href.startsWith("/") || href.startsWith("#")) {
    return (
      <Link href={href} className={className} {...props}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
    </a>
  );
}

/** A highlighted note in docs and posts: `<Callout type="warning">…</Callout>`. */
function Callout({ type = "info", children }: { type?: "info" | "warning"; children: ReactNode }) {
  const Icon = type === "warning" ? TriangleAlert : Info;
  return (
    <div
      className={cn(
        "my-6 flex gap-3 rounded-xl border px-4 py-3 text-sm leading-relaxed [&>div>p]:my-1",
        type === "warning" ? "border-amber-500/40 bg-amber-500/10" : "border-primary/30 bg-primary/5",
      )}
    >
      <Icon aria-hidden className={cn("mt-1 size-4 shrink-0", type === "warning" ? "text-amber-600 dark:text-amber-400" : "text-primary")} />
      <div>{children}</div>
    </div>
  );
}

/** Typography of rendered MDX (no typography plugin: plain Tailwind per element). */
export const mdxComponents = {
  h2: (props: ComponentProps<"h2">) => <h2 className="mt-12 mb-4 scroll-mt-24 text-2xl font-bold tracking-tight" {...props} />,
  h3: (props: ComponentProps<"h3">) => <h3 className="mt-8 mb-3 scroll-mt-24 text-xl font-semibold tracking-tight" {...props} />,
  h4: (props: ComponentProps<"h4">) => <h4 className="mt-6 mb-2 font-semibold" {...props} />,
  p: (props: ComponentProps<"p">) => <p className="my-4 leading-7" {...props} />,
  a: Anchor,
  ul: (props: ComponentProps<"ul">) => <ul className="my-4 list-disc space-y-2 pl-6 leading-7" {...props} />,
  ol: (props: ComponentProps<"ol">) => <ol className="my-4 list-decimal space-y-2 pl-6 leading-7" {...props} />,
  blockquote: (props: ComponentProps<"blockquote">) => (
    <blockquote className="my-6 border-l-4 border-primary/40 pl-4 text-muted-foreground" {...props} />
  ),
  hr: () => <hr className="my-10" />,
  table: (props: ComponentProps<"table">) => (
    // Focusable so that a keyboard can scroll a wide table (axe: scrollable-region-focusable); pre the same.
    <div tabIndex={0} className="my-6 overflow-x-auto rounded-lg border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
      <table className="w-full border-collapse text-sm" {...props} />
    </div>
  ),
  th: (props: ComponentProps<"th">) => <th className="border-b bg-muted/60 px-3 py-2 text-left font-semibold" {...props} />,
  td: (props: ComponentProps<"td">) => <td className="border-b px-3 py-2 align-top" {...props} />,
  pre: (props: ComponentProps<"pre">) => (
    <pre
      tabIndex={0}
      className="my-6 overflow-x-auto rounded-xl border bg-muted/70 p-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 text-sm leading-6 [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-[1em]"
      {...props}
    />
  ),
  // Inline code may break anywhere: a long command or path would otherwise push a 390 px phone's page
  // sideways (issue 38). Code blocks (pre) keep their lines and scroll instead.
  code: (props: ComponentProps<"code">) => (
    <code className="rounded-md bg-muted px-1.5 py-0.5 font-mono text-[0.875em] [overflow-wrap:anywhere] [box-decoration-break:clone]" {...props} />
  ),
  strong: (props: ComponentProps<"strong">) => <strong className="font-semibold text-foreground" {...props} />,
  Callout,
};
