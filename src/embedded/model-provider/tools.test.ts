import { describe, expect, it } from "vitest";
import { answerFromToolResults, demoToolCalls, type DemoTool } from "./tools";

const tool = (name: string, properties: Record<string, { type: string }> = {}, required: string[] = []): DemoTool => ({ type: "function", function: { name, parameters: { type: "object", properties, required } } });
const weather = tool("get_weather", { city: { type: "string" }, days: { type: "integer" } }, ["city"]);
const time = tool("get_time", { zone: { type: "string" } }, ["zone"]);
const args = (calls: ReturnType<typeof demoToolCalls>) => calls.map((call) => [call.function.name, JSON.parse(call.function.arguments)]);

describe("the demo model's function calling", () => {
  it("calls the tools the question names, in the order named, arguments from beside each name or the question", () => {
    expect(args(demoToolCalls("get_time(zone=UTC) 然后 get_weather({\"city\": \"北京\"})", [weather, time], "auto", true))).toEqual([
      ["get_time", { zone: "UTC" }],
      ["get_weather", { city: "北京" }],
    ]);
    expect(args(demoToolCalls("用 get_weather 查 city=上海 days=3", [weather], undefined, true))).toEqual([["get_weather", { city: "上海", days: 3 }]]);
    // No arguments given: each required string parameter gets the question's subject.
    expect(args(demoToolCalls("get_weather 杭州天气", [weather], "auto", true))).toEqual([["get_weather", { city: "杭州天气" }]]);
  });

  it("answers in text when no tool is named or tool_choice is none; required or a named choice forces a call; one call without parallel", () => {
    expect(demoToolCalls("今天天气怎么样", [weather], "auto", true)).toEqual([]);
    expect(demoToolCalls("get_weather(city=北京)", [weather], "none", true)).toEqual([]);
    expect(args(demoToolCalls("zone=Asia/Tokyo", [weather, time], { type: "function", function: { name: "get_time" } }, true))).toEqual([["get_time", { zone: "Asia/Tokyo" }]]);
    expect(demoToolCalls("随便", [weather], "required", true)).toHaveLength(1);
    expect(demoToolCalls("get_weather(city=a) get_time(zone=b)", [weather, time], "auto", false)).toHaveLength(1);
    // A name inside a longer one is not a mention.
    expect(demoToolCalls("get_weather_pro(city=a)", [weather], "auto", true)).toEqual([]);
  });

  it("gives the same ids for the same question and answers from tool results by name", () => {
    expect(demoToolCalls("get_time(zone=UTC)", [time], "auto", true)).toEqual(demoToolCalls("get_time(zone=UTC)", [time], "auto", true));
    expect(answerFromToolResults([{ name: "get_time", content: "12:00" }])).toBe("根据工具返回的结果：\n\n- get_time：12:00");
  });
});
