import { describe, expect, it } from "vitest";
import { isCrawler } from "./crawler";
import { errorTitle, notFoundMessage } from "./error-copy";

describe("errorTitle", () => {
  it("names the known statuses and falls back for the rest", () => {
    expect(errorTitle(404)).toBe("页面不存在");
    expect(errorTitle(500)).toBe("服务器内部错误");
    expect(errorTitle(403)).toBe("无权访问");
    expect(errorTitle(401)).toBe("未经授权");
    expect(errorTitle(418)).toBe("出错了");
    expect(errorTitle(502)).toBe("出错了");
  });

  it("formats the two not-found messages", () => {
    expect(notFoundMessage.unknownRoute("/nope")).toBe("Page not found: /nope");
    expect(notFoundMessage.invalidParams("/ai/chat/x?y=1")).toBe("Page Not Found: /ai/chat/x?y=1");
  });
});

describe("isCrawler", () => {
  it("recognises search engine crawlers", () => {
    expect(isCrawler("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(true);
    expect(isCrawler("Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)")).toBe(true);
    expect(isCrawler("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)")).toBe(true);
  });

  it("treats people's browsers, headless ones included, as people", () => {
    const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
    expect(isCrawler(chrome)).toBe(false);
    expect(isCrawler(chrome.replace("Chrome/", "HeadlessChrome/"))).toBe(false);
    expect(isCrawler(undefined)).toBe(false);
  });
});
