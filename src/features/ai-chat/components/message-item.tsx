"use client";

import { FileText, Pencil, RotateCcw, Square } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton, FeedbackButtons, Markdown, RequestError, splitThinking, type Rating } from "@/features/ai-runtime";
import { AiContentLabel, withAiLabel } from "@/features/compliance";
import { ReportButton } from "@/features/reports";
import { visibleSteps } from "../agent-steps";
import { isModerationReply } from "../moderation";
import type { ChatFile, Exchange } from "../types";
import { AgentSteps } from "./agent-steps";
import { BranchSwitcher, type Branch } from "./branch-switcher";
import { Citations } from "./citations";
import { ModerationNotice } from "./moderation-notice";
import { QuestionEditor } from "./question-editor";
import { ReadAloudButton } from "./read-aloud-button";
import { WorkflowProgress } from "./workflow-progress";

function FileChip({ file }: { file: ChatFile }) {
  if (file.type === "image" && file.url) {
    // eslint-disable-next-line @next/next/no-img-element -- blob: previews and Dify file URLs, not optimisable
    return <img src={file.url} alt={file.name} className="max-h-40 max-w-[12rem] rounded-lg border object-cover" />;
  }
  return (
    <span className="inline-flex max-w-[14rem] items-center gap-1.5 rounded-lg border bg-background/80 px-2 py-1 text-xs">
      <FileText aria-hidden className="size-3.5 shrink-0" />
      <span className="truncate">{file.name}</span>
    </span>
  );
}

function TypingDots() {
  return (
    <span role="status" aria-label="正在生成回答" className="inline-flex items-center gap-1 py-2">
      {[0, 150, 300].map((delay) => (
        <span key={delay} className="size-1.5 animate-bounce rounded-full bg-muted-foreground/70" style={{ animationDelay: `${delay}ms` }} />
      ))}
    </span>
  );
}

interface MessageItemProps {
  exchange: Exchange;
  icon: ReactNode;
  isLast: boolean;
  onRetry: (key: string) => void;
  onRate: (key: string, rating: Rating, content?: string) => void;
  onAsk: (question: string) => void;
  /** Ask the question again, as it was (重新生成) or edited (编辑): the new answer is a sibling. */
  onRevise?: (key: string, query?: string) => void;
  /** Set when the question has other answers (regenerated or edited): `‹ 1 / 2 ›`. */
  branch?: Branch;
  busy: boolean;
  /** The app's moderation presets (moderation.ts): such an answer is shown as a notice. */
  moderationReplies?: readonly string[];
  /** A failed question asked again with another model (换用「火花 快速版」重试 after a refused image: vision-retry.ts). */
  retryWith?: { label: string; onRetry: () => void };
}

/** One question (right) and its answer (left) with copy, 赞/踩, inline errors and follow-ups. */
export function MessageItem({ exchange, icon, isLast, onRetry, onRate, onAsk, onRevise, branch, busy, moderationReplies = [], retryWith }: MessageItemProps) {
  const streaming = exchange.status === "streaming";
  const [editing, setEditing] = useState(false);
  const steps = visibleSteps(exchange.agentSteps, exchange.answer);
  const moderated = exchange.moderated === true || isModerationReply(exchange.answer, moderationReplies);
  const revisable = onRevise && !busy && !streaming && exchange.messageId !== undefined;
  return (
    <article className="space-y-4" aria-label="一轮对话" data-testid="exchange" data-status={exchange.status}>
      <div className="flex justify-end">
        <div className="flex max-w-[85%] flex-col items-end gap-2">
          {exchange.files.length > 0 && (
            <div className="flex flex-wrap justify-end gap-2">
              {exchange.files.map((file) => (
                <FileChip key={file.id} file={file} />
              ))}
            </div>
          )}
          {editing && revisable ? (
            <QuestionEditor
              initial={exchange.query}
              onCancel={() => setEditing(false)}
              onSubmit={(query) => {
                setEditing(false);
                onRevise(exchange.key, query);
              }}
            />
          ) : (
            <div className="rounded-2xl rounded-tr-sm bg-primary px-4 py-2.5 text-[15px] leading-7 whitespace-pre-wrap break-words text-primary-foreground" data-testid="user-message">
              {exchange.query}
            </div>
          )}
          {revisable && !editing && (
            <Button type="button" variant="ghost" size="sm" className="h-7 px-2 text-xs text-muted-foreground" onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              编辑
            </Button>
          )}
        </div>
      </div>
      <div className="flex gap-3">
        {icon}
        <div className="min-w-0 flex-1 space-y-2">
          {exchange.workflow && <WorkflowProgress workflow={exchange.workflow} />}
          {steps.length > 0 && <AgentSteps steps={steps} streaming={streaming} />}
          <div data-testid="answer" aria-live={streaming ? "polite" : undefined} aria-busy={streaming}>
            {moderated ? <ModerationNotice text={exchange.answer} /> : exchange.answer ? <Markdown source={exchange.answer} /> : streaming ? <TypingDots /> : null}
          </div>
          {!moderated && exchange.answer && <AiContentLabel />}
          {!streaming && exchange.citations && <Citations citations={exchange.citations} />}
          {exchange.status === "stopped" && (
            <p className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
              <Square aria-hidden className="size-3" />
              已停止生成
            </p>
          )}
          {exchange.status === "error" && exchange.error && (
            <RequestError message={exchange.error.message} statusCode={exchange.error.statusCode} onRetry={busy ? undefined : () => onRetry(exchange.key)} />
          )}
          {exchange.status === "error" && retryWith && !busy && (
            <Button type="button" size="sm" className="w-fit" onClick={retryWith.onRetry}>
              <RotateCcw aria-hidden />
              {retryWith.label}
            </Button>
          )}
          {branch && <BranchSwitcher branch={branch} disabled={busy} />}
          {!streaming && exchange.answer && (
            <div className="-ml-1.5 flex items-center gap-0.5 text-muted-foreground">
              <CopyButton label="复制回答" getText={() => withAiLabel(splitThinking(exchange.answer).answer)} />
              {exchange.messageId && <FeedbackButtons rating={exchange.feedback} onRate={(rating, content) => onRate(exchange.key, rating, content)} />}
              {exchange.messageId && !moderated && <ReadAloudButton text={splitThinking(exchange.answer).answer} />}
              {exchange.messageId && <ReportButton target="answer" targetRef={`message:${exchange.messageId}`} excerpt={splitThinking(exchange.answer).answer} />}
              {revisable && (
                <Button type="button" variant="ghost" size="icon" className="size-8" aria-label="重新生成" title="重新生成" onClick={() => onRevise(exchange.key)}>
                  <RotateCcw aria-hidden />
                </Button>
              )}
            </div>
          )}
          {isLast && exchange.suggestions && exchange.suggestions.length > 0 && (
            <div className="space-y-1.5 pt-1">
              <p className="text-xs text-muted-foreground">您可能还想问</p>
              <ul className="flex flex-col items-start gap-1.5" aria-label="推荐追问">
                {exchange.suggestions.map((question) => (
                  <li key={question}>
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => onAsk(question)}
                      className="rounded-full border bg-background px-3 py-1 text-left text-sm transition-colors hover:border-primary/50 hover:bg-accent disabled:opacity-50"
                    >
                      {question}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
