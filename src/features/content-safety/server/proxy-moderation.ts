import type { ProxyModeration } from "@/features/ai-apps/server";
import type { Database } from "@/lib/db/types";
import { banEndText, SAFETY_COPY } from "../copy";
import type { ModerationProvider, ModerationStage } from "../types";
import { AnswerWindow } from "./answer-window";
import { createChecker, type CheckOutcome } from "./checker";
import { blockedAnswersAmong, recordBlockedAnswer } from "./blocked-answers";
import { recordHit } from "./hits";

export interface ProxyModerationOptions {
  database: () => Promise<Database>;
  provider: ModerationProvider;
  timeoutMs: number;
  fail: "open" | "closed";
  /** Background work (hit records) the caller may wait for. */
  track?: (work: Promise<unknown>) => void;
  /**
   * After a hit is recorded: bans the user when hits repeat (repeat-hit-ban.ts); the ban's end, or
   * nothing. A refused question that banned its user says so.
   */
  afterHit?: (userId: string) => Promise<string | undefined>;
}

/**
 * Content safety for the AI proxy: every question (and file name) and every streamed answer goes
 * through the configured provider; each hit is recorded for the console.
 */
export function createProxyModeration(options: ProxyModerationOptions): ProxyModeration {
  const check = createChecker(options);
  const track = options.track ?? ((work: Promise<unknown>) => void work.catch((error: unknown) => console.error("[content-safety]", error)));

  /** The hit's record, then the ban it may bring: the ban's end, or nothing. */
  const recordAndBan = async (hit: Parameters<typeof recordHit>[1]): Promise<string | undefined> => {
    await recordHit(await options.database(), hit);
    return options.afterHit?.(hit.userId);
  };
  const judge = async (text: string, call: { userId: string; appid: string; stage: ModerationStage }): Promise<CheckOutcome & { bannedUntil?: Promise<string | undefined> }> => {
    const outcome = await check(text, call);
    if (outcome.flagged && !("unavailable" in outcome)) {
      const recorded = recordAndBan({ ...call, provider: options.provider.name, label: outcome.label, excerpt: outcome.excerpt });
      track(recorded);
      return { ...outcome, bannedUntil: recorded.catch(() => undefined) };
    }
    return outcome;
  };
  const refusal = (outcome: CheckOutcome | undefined, message: string) => {
    if (!outcome?.flagged) return undefined;
    return "unavailable" in outcome ? SAFETY_COPY.unavailable : message;
  };

  return {
    async checkQuestion({ app, userId, texts }) {
      // One call for all the texts: the provider sees the question as the user wrote it.
      const outcome = await judge(texts.join("\n"), { userId, appid: app.appid, stage: "question" });
      // A refused question waits for its record: when it banned the user, the refusal says so.
      const bannedUntil = await outcome.bannedUntil;
      if (bannedUntil) return SAFETY_COPY.bannedForHits(banEndText(bannedUntil));
      return refusal(outcome, SAFETY_COPY.questionRefused);
    },
    watchAnswer({ app, userId }) {
      const window = new AnswerWindow((text) => judge(text, { userId, appid: app.appid, stage: "answer" }));
      return {
        push: async (text) => refusal(await window.push(text), SAFETY_COPY.answerReplaced),
        finish: async () => refusal(await window.finish(), SAFETY_COPY.answerReplaced),
      };
    },
    async answerBlocked({ app, userId, messageId }) {
      await recordBlockedAnswer(await options.database(), { appid: app.appid, messageId, userId });
    },
    async blockedAmong({ app, messageIds }) {
      return blockedAnswersAmong(await options.database(), app.appid, messageIds);
    },
    blockedNotice: SAFETY_COPY.answerReplaced,
  };
}
