import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AnnouncementView } from "../types";
import { AnnouncementBanner } from "./announcement-banner";

const announcement: AnnouncementView = { id: "a1", text: "系统维护通知", link: "/docs" };

describe("the 站内公告 banner as the server renders it", () => {
  it("shows the text and its link, with 关闭公告 disabled until the browser has hydrated it", () => {
    const html = renderToStaticMarkup(<AnnouncementBanner announcement={announcement} />);
    expect(html).toContain("系统维护通知");
    expect(html).toContain('href="/docs"');
    // A click on a button React has not hydrated yet is dropped: it must not look clickable then.
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="关闭公告"|<button[^>]*aria-label="关闭公告"[^>]*disabled=""/);
  });

  it("renders nothing without an announcement", () => {
    expect(renderToStaticMarkup(<AnnouncementBanner announcement={null} />)).toBe("");
  });
});
