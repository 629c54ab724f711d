import { Link } from "@/components/link";
import { formatAmountFen, formatTokens } from "@/features/billing";
import { overviewCopy as copy } from "../copy";
import type { AdminOverview, OverviewFigures } from "../server/overview";

type Tile = { label: string; href: string; hint?: string };

function FigureTile({ tile, value, sub, title }: { tile: Tile; value: string; sub?: string; title?: string }) {
  return (
    <Link href={tile.href} className="grid gap-1 rounded-lg border p-4 transition-colors hover:bg-muted/50" title={title}>
      <span className="text-sm text-muted-foreground">{tile.label}</span>
      <span className="text-2xl font-semibold tabular-nums">{value}</span>
      {sub || tile.hint ? <span className="text-xs text-muted-foreground">{sub ?? tile.hint}</span> : null}
    </Link>
  );
}

const count = (value: number) => value.toLocaleString("zh-CN");

/** One period's tiles, each linking to its section. */
export function PeriodTiles({ title, figures }: { title: string; figures: OverviewFigures }) {
  const { tiles } = copy;
  return (
    <section className="grid gap-3" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <FigureTile tile={tiles.newUsers} value={figures.newUsers === null ? copy.unavailable : count(figures.newUsers)} title={figures.newUsers === null ? copy.unavailableHint : undefined} />
        <FigureTile tile={tiles.activeUsers} value={count(figures.activeUsers)} />
        <FigureTile tile={tiles.calls} value={count(figures.calls)} sub={copy.tokens(formatTokens(figures.tokens))} />
        <FigureTile tile={tiles.revenue} value={formatAmountFen(figures.revenue)} />
        <FigureTile tile={tiles.refunds} value={formatAmountFen(figures.refunds)} />
        <FigureTile tile={tiles.failedCalls} value={count(figures.failedCalls)} />
      </div>
    </section>
  );
}

/** 概览: today, this month and what waits for an operator. */
export function OverviewTiles({ overview }: { overview: AdminOverview }) {
  return (
    <div className="grid gap-8">
      <PeriodTiles title={copy.today} figures={overview.today} />
      <PeriodTiles title={copy.month} figures={overview.month} />
      <section className="grid gap-3" aria-label={copy.waiting}>
        <h2 className="text-lg font-semibold">{copy.waiting}</h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          <FigureTile tile={copy.tiles.pendingInvoices} value={count(overview.pendingInvoices)} />
          <FigureTile tile={copy.tiles.openReports} value={count(overview.openReports)} />
        </div>
      </section>
    </div>
  );
}
