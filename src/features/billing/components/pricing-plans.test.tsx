import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { Button } from "@/components/ui/button";
import { EVERY_APP, type Plan } from "../plans";
import { PricingPlans } from "./pricing-plans";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: () => undefined }) }));

const plan = (id: string, name: string, monthlyPriceFen: number, yearlyPriceFen: number): Plan => ({
  id,
  name,
  description: `${name}说明`,
  monthlyPriceFen,
  yearlyPriceFen,
  monthlyTokenQuota: 1_000_000,
  storageBytes: 0,
  maxConcurrentAiCalls: 1,
  apiRequestsPerMinute: 60,
  features: [`${name}卖点`],
  visible: true,
  position: 0,
  appAccess: EVERY_APP,
});

const plans = [plan("free", "免费版", 0, 0), plan("pro", "专业版", 4900, 49000), plan("team", "团队版", 19900, 199000)];

// The cards are a server component now; the first HTML must still hold what the client version rendered.
describe("PricingPlans", () => {
  const html = renderToStaticMarkup(<PricingPlans plans={plans} />);

  it("renders every plan with its monthly price, the 月付 / 年付 switch and the buttons", () => {
    expect(html).toContain('aria-label="套餐列表"');
    expect(html).toMatch(/role="radio" aria-checked="true"[^>]*>月付</);
    expect(html).toContain(">¥49<");
    expect(html).not.toContain(">¥490<");
    expect(html).toContain(">免费<");
    expect(html).toContain(">选择专业版<");
    expect(html).toContain(">选择团队版<");
    expect(html).toContain('href="/auth/signup"');
  });

  it("styles the checkout buttons exactly as <Button> did", () => {
    const classOf = (markup: string) => markup.match(/class="([^"]*)"/)?.[1];
    const popular = renderToStaticMarkup(<Button variant="default">x</Button>);
    const other = renderToStaticMarkup(<Button variant="outline">x</Button>);
    const buttons = [...html.matchAll(/<button type="button" data-slot="button" class="([^"]*)"/g)].map((match) => match[1]);
    expect(buttons).toEqual([classOf(popular), classOf(other)]);
  });
});
