import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StatusFilteredList } from "./status-filtered-list";

const copy = {
  filterLabel: "状态",
  show: "查看",
  filters: { open: "待处理", closed: "已结案", all: "全部" },
  total: (count: number) => `共 ${count} 条`,
};

describe("StatusFilteredList", () => {
  it("shows the chosen status selected, its title and total, the rows and links that keep the filter", () => {
    const html = renderToString(
      <StatusFilteredList name="report" statuses={["open", "closed", "all"] as const} status="closed" copy={copy} basePath="/admin/reports" list={{ page: 1, perPage: 2, total: 5 }}>
        <p>表格内容</p>
      </StatusFilteredList>,
    );
    expect(html).toContain('id="report-status"');
    expect(html).toMatch(/<option value="closed" selected="">已结案<\/option>/);
    expect(html).toContain("共 5 条");
    expect(html).toContain("表格内容");
    expect(html).toMatch(/href="\/admin\/reports\?status=closed&amp;page=2"/);
  });
});
