import { describe, expect, it } from "vitest";
import { APP_ICON_NAMES, appIconSource } from "./app-icon";

describe("appIconSource", () => {
  it("draws a named icon as SVG", () => {
    expect(appIconSource("bot", "chat")).toEqual({ type: "svg", Icon: APP_ICON_NAMES.bot });
  });

  it("shows an uploaded image or an https image", () => {
    expect(appIconSource("/storage/v1/object/public/icons/a.png", "chat")).toEqual({ type: "image", src: "/storage/v1/object/public/icons/a.png" });
    expect(appIconSource("https://cdn.example.com/a.svg", "chat")).toEqual({ type: "image", src: "https://cdn.example.com/a.svg" });
  });

  it("refuses URLs that could run script or leave through a protocol-relative path", () => {
    expect(appIconSource("javascript:alert(1)", "workflow")).toEqual({ type: "svg", Icon: APP_ICON_NAMES.workflow });
    expect(appIconSource("//evil.example/a.png", "workflow")).toEqual({ type: "svg", Icon: APP_ICON_NAMES.workflow });
    expect(appIconSource("http://plain.example/a.png", "completion")).toEqual({ type: "svg", Icon: APP_ICON_NAMES["pen-line"] });
  });

  it("keeps an emoji only as a fallback, and gives anything else the kind's icon", () => {
    expect(appIconSource("💬", "chat")).toEqual({ type: "emoji", text: "💬" });
    expect(appIconSource("", "chat")).toEqual({ type: "svg", Icon: APP_ICON_NAMES["message-square"] });
    expect(appIconSource("no-such-icon", "workflow")).toEqual({ type: "svg", Icon: APP_ICON_NAMES.workflow });
  });
});
