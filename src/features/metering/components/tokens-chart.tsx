"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { usageCopy } from "../copy";
import { formatCount, shortDay } from "../format";
import type { DailyTokens } from "../types";

/** Tokens per day as bars (recharts); the figures are also in the tables below for screen readers. */
export function TokensChart({ days }: { days: DailyTokens[] }) {
  return (
    <div role="img" aria-label={usageCopy.tokens.chartLabel} className="h-64 w-full" data-testid="tokens-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="date" tickFormatter={shortDay} tickLine={false} axisLine={false} minTickGap={16} fontSize={12} stroke="var(--muted-foreground)" />
          <YAxis width={56} tickLine={false} axisLine={false} fontSize={12} stroke="var(--muted-foreground)" tickFormatter={(value: number) => formatCount(value)} />
          <Tooltip
            cursor={{ fill: "var(--muted)" }}
            contentStyle={{ background: "var(--popover)", border: "1px solid var(--border)", borderRadius: 8, color: "var(--popover-foreground)" }}
            formatter={(value) => [formatCount(Number(value)), usageCopy.tokens.chartTokens]}
          />
          <Bar dataKey="tokens" fill="var(--primary)" radius={[4, 4, 0, 0]} maxBarSize={28} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
