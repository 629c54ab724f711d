import { Link } from "@/components/link";
import { layoutCopy } from "./copy";
import { footerNav } from "./nav";
import { SparkMark } from "./spark-mark";

/** Footer of the marketing pages: brand, link groups, copyright. */
export function MarketingFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t bg-background/60 backdrop-blur">
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="space-y-3">
          <p className="flex items-center gap-2 font-semibold tracking-tight">
            <SparkMark className="size-7" />
            {layoutCopy.brand}
          </p>
          <p className="max-w-xs text-sm text-muted-foreground">{layoutCopy.footer.description}</p>
        </div>
        <nav aria-label={layoutCopy.footer.navLabel} className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:col-span-3">
          {footerNav.map((group) => (
            <div key={group.label}>
              <h2 className="text-sm font-semibold">{group.label}</h2>
              <ul className="mt-3 space-y-2">
                {group.items.map((item) => (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      className="rounded-sm text-sm text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                    >
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto w-full max-w-6xl px-4 py-6 text-xs text-muted-foreground sm:px-6">
          {layoutCopy.footer.copyright(year)}
        </p>
      </div>
    </footer>
  );
}
