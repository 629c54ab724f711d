import { followUpOf, type FollowUp } from "./follow-up";
import { requestShape } from "./request-shape";

/**
 * The demo apps' writing: deterministic (the same request always gets the same text, offline, no
 * model) but shaped by the request — prose of the asked length, a list when a list is asked for,
 * marketing copy for the completion app, an outline for the workflow.
 */

/** Small stable hash (FNV-1a): choices vary with the request but never between runs. */
export function stableHash(text: string): number {
  let value = 0x811c9dc5;
  for (const char of text) {
    value ^= char.codePointAt(0) ?? 0;
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** The request's subject, without the instructions around it ("写一段 100 字的产品介绍" → "产品介绍"). */
export function subjectOf(query: string): string {
  const cleaned = query
    .replace(/#\S+/g, "")
    .replace(/^(请|帮我|麻烦|能否|可以)?\s*(写|列出|列举|介绍|说说|讲讲|解释|总结|生成|给我)(一下|一段|一篇|一份|一个)?/, "")
    .replace(/\d{1,4}\s*(个)?字(左右|以内)?的?/, "")
    .replace(/(\d{1,2}|[一二两三四五六七八九十])\s*(个|条|点|项|种|步)的?/, "")
    .replace(/[？?。！!]+$/, "")
    .replace(/\s+/g, " ")
    .trim();
  const subject = cleaned.length > 24 ? `${cleaned.slice(0, 24)}…` : cleaned;
  return subject || "这个问题";
}

const PROSE_SENTENCES = [
  (s: string) => `说到${s}，最要紧的是先想清楚它要解决谁的什么问题。`,
  (s: string) => `把${s}拆成几个能在一周内完成的小步骤，往往比一次做完更稳妥。`,
  () => `动手之前，先列出已经掌握的信息和还缺少的材料。`,
  (s: string) => `${s}的效果要用可以衡量的结果来检验，而不是凭感觉。`,
  () => `遇到分歧时，回到最初的目标，通常就能找到取舍的依据。`,
  () => `第一版不必完美，先拿给真正的使用者看，再根据反馈修改。`,
  (s: string) => `把做过的决定和原因记下来，下次遇到${s}时就能少走弯路。`,
  () => `最后，留出时间复盘：哪些做法值得保留，哪些应该换掉。`,
];

const LIST_POINTS = [
  (s: string) => `**明确目标**：写下${s}要达到的结果，以及怎样算完成。`,
  (s: string) => `**了解对象**：想清楚${s}面向谁，他们最在意什么。`,
  () => "**收集材料**：列出已有的信息和还缺的部分。",
  () => "**拆分步骤**：把大任务分成可以逐个完成的小任务。",
  () => "**设定节奏**：给每一步定一个完成时间。",
  () => "**先做一版**：尽快拿出可用的初稿，再逐步打磨。",
  () => "**听取反馈**：请使用者试用，记录他们的意见。",
  (s: string) => `**衡量效果**：用数据检验${s}是否达到预期。`,
  () => "**总结经验**：把做法和教训整理成清单。",
  () => "**持续改进**：定期回顾，保留有效的做法。",
];

/** Sentences about `subject` in a stable order, as long as asked (cut at a sentence end near the length). */
export function proseOfLength(subject: string, length: number, seed: number): string {
  let text = "";
  for (let index = 0; [...text].length < length * 0.9; index += 1) {
    text += PROSE_SENTENCES[(seed + index) % PROSE_SENTENCES.length]!(subject);
  }
  const chars = [...text];
  if (chars.length <= length * 1.1) return text;
  const cut = chars.slice(0, length).join("");
  return cut.slice(0, cut.lastIndexOf("。") + 1) || `${cut}。`;
}

export function listOf(subject: string, items: number, seed: number): string {
  return Array.from({ length: items }, (_, index) => `${index + 1}. ${LIST_POINTS[(seed + index) % LIST_POINTS.length]!(subject)}`).join("\n");
}

/** A process drawn as a Mermaid flowchart, the way LLMs answer "画一个流程图". */
export function flowchartOf(subject: string): string {
  return [
    `「${subject}」的流程可以这样安排：`,
    "",
    "```mermaid",
    "flowchart TD",
    // The subject goes into a label too: what a user typed must come out of the diagram as text only.
    `  A["${subject.replaceAll('"', "'")}：明确目标"] --> B{信息是否充分？}`,
    "  B -- 是 --> C[制定计划]",
    "  B -- 否 --> D[收集资料] --> B",
    "  C --> E[执行并复盘]",
    "```",
    "",
    "每一步完成后再进入下一步，遇到信息不足时先回到资料收集。",
  ].join("\n");
}

/**
 * The answer to a follow-up (follow-up.ts) about the previous question's subject: more of it, an
 * example or the reasons, phrased the way a person carries on a conversation.
 */
export function writeFollowUp(kind: FollowUp, previousQuery: string | undefined, seed: number): string {
  const subject = previousQuery ? subjectOf(previousQuery) : "刚才的话题";
  if (kind === "example") {
    return [
      `举个例子：假设要做的是「${subject}」。`,
      "",
      `第一周先只做最小的一部分——写下想达到的结果，找两三位真正会用到的人试一试，把他们卡住的地方记下来。第二周只改最常被提到的那一处，再请同样的人看一遍。这样投入不大，方向错了也能及早发现。`,
    ].join("\n");
  }
  if (kind === "why") {
    return [
      `主要有两个原因：`,
      "",
      `1. **少走弯路**：先想清楚${subject}要达到什么，后面每一步才有取舍的依据。`,
      "2. **尽早验证**：小步做、早点拿给使用者看，错了改起来代价最小。",
    ].join("\n");
  }
  return [`好的，关于「${subject}」再多说一些：`, "", proseOfLength(subject, 90, seed + 3)].join("\n");
}

/**
 * A chat answer in the shape asked for; `showcase` is the answer for an open question. A follow-up
 * is answered about `previousQuery` (the thread's previous question, when there is one).
 */
export function writeChatAnswer(query: string, showcase: () => string, previousQuery?: string): string {
  const followUp = followUpOf(query);
  const seed = stableHash(query);
  if (followUp) return writeFollowUp(followUp, previousQuery, stableHash(`${previousQuery ?? ""}${query}`));
  const shape = requestShape(query);
  const subject = subjectOf(query);
  if (/流程图|画.*图/.test(query)) return flowchartOf(subject);
  if (shape.length) return proseOfLength(subject, shape.length, seed);
  if (shape.listItems) return [`关于「${subject}」，可以从这 ${shape.listItems} 点入手：`, "", listOf(subject, shape.listItems, seed)].join("\n");
  return showcase();
}

const STYLE_TAGLINES: Record<string, (s: string) => string> = {
  正式: (s) => `${s}，值得信赖的选择。`,
  轻松: (s) => `${s}，让每一天都轻松一点。`,
  营销: (s) => `${s}，现在就来体验！`,
};

/** The completion app's copy: a title, a tagline and body text, with placement notes when no length is set. */
export function writeCopy(requirement: string, style: string): string {
  const shape = requestShape(requirement);
  const subject = subjectOf(requirement);
  const seed = stableHash(requirement + style);
  const tagline = (STYLE_TAGLINES[style] ?? STYLE_TAGLINES["正式"]!)(subject);
  if (shape.length) return proseOfLength(subject, shape.length, seed);
  return [
    `## ${subject}`,
    "",
    `**${tagline}**`,
    "",
    proseOfLength(subject, 120, seed),
    "",
    "### 投放建议",
    "",
    "| 渠道 | 建议用法 |",
    "| --- | --- |",
    "| 朋友圈 / 社群 | 配一张主图，首句直接点出亮点 |",
    "| 公众号 | 作为开头段落，后接详细介绍 |",
    "| 门店海报 | 只用标题和标语，字号要大 |",
  ].join("\n");
}

/** The workflow's outline of `topic` for `audience`, in `sections` chapters. */
export function writeOutline(topic: string, audience: string, sections: number): string {
  const seed = stableHash(topic + audience);
  const count = Math.min(8, Math.max(2, sections));
  const chapters = Array.from({ length: count }, (_, index) => {
    const point = LIST_POINTS[(seed + index) % LIST_POINTS.length]!(topic).replace(/\*\*/g, "");
    const [title, detail] = point.split("：");
    return { title: title!, detail: detail ?? "" };
  });
  return [
    `## 关于「${topic}」的文章大纲`,
    "",
    `面向${audience || "读者"}，共 ${count} 章。`,
    "",
    ...chapters.flatMap((chapter, index) => [`### ${index + 1}. ${chapter.title}`, "", `- ${chapter.detail}`, `- 举一个${audience || "读者"}熟悉的例子说明。`, ""]),
    "### 篇幅建议",
    "",
    "| 章节 | 建议字数 |",
    "| --- | ---: |",
    ...chapters.map((chapter, index) => `| ${index + 1}. ${chapter.title} | ${300 + ((seed >> index) % 4) * 100} |`),
  ].join("\n");
}
