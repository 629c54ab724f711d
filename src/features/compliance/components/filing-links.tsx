import { cn } from "@/lib/utils";
import { hasFilings, MIIT_FILING_URL, psbFilingUrl, type SiteFilings } from "../filings";

const LINK = "rounded-sm hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 outline-none";

/** The filings, each linked where a public register can confirm it; nothing when none is set. */
export function FilingLinks({ filings, className }: { filings: SiteFilings; className?: string }) {
  if (!hasFilings(filings)) return null;
  return (
    <ul data-testid="site-filings" aria-label="备案信息" className={cn("flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-xs text-muted-foreground", className)}>
      {filings.icpNumber && (
        <li>
          {/* translate="no": a filing number is an identifier (its "ICP" is no English to translate). */}
          <a className={LINK} href={MIIT_FILING_URL} target="_blank" rel="noopener noreferrer" translate="no">
            {filings.icpNumber}
          </a>
        </li>
      )}
      {filings.psbNumber && (
        <li>
          <a className={cn(LINK, "inline-flex items-center gap-1")} href={psbFilingUrl(filings.psbNumber)} target="_blank" rel="noopener noreferrer" translate="no">
            {/* eslint-disable-next-line @next/next/no-img-element -- a 16px static badge: next/image adds nothing */}
            <img src="/compliance/psb-badge.svg" alt="公安备案图标" width={14} height={14} />
            {filings.psbNumber}
          </a>
        </li>
      )}
      {filings.genaiFiling && (
        <li>
          生成式人工智能服务备案：<span translate="no">{filings.genaiFiling}</span>
        </li>
      )}
    </ul>
  );
}
