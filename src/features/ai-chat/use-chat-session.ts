"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { difyProxyUrl } from "@/features/ai-apps";
import { DifyRequestError, localId, messageOf, newStreamTask, noteTaskId, requestStop, sendFeedback, statusOf, streamDify, type Rating, type StreamTask } from "@/features/ai-runtime";
import { apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { applyChatEvent, exchangeFromHistory, withSettledWorkflow } from "./exchange-events";
import { buildMessageTree, parentMessageIdOf, visibleThread } from "./message-tree";
import type { ChatFile, Exchange, MessagePage } from "./types";

const HISTORY_PAGE = 20;
interface ActiveRun extends StreamTask {
  key: string;
}

export interface SendInput {
  query: string;
  files: ChatFile[];
  fileRefs: Exchange["fileRefs"];
  inputs: Record<string, unknown>;
  /** Model apps: the model to answer with. */
  model?: string;
  /** Model apps whose operator enabled it: search the web for sources (`web_search`). */
  webSearch?: boolean;
}

interface Options {
  appid: string;
  suggestionsEnabled: boolean;
  /** A new conversation got its id from the stream. */
  onConversationStarted: (id: string) => void;
  /** An answer ended (any way): the sidebar refreshes names and order. */
  onAnswerEnded: (conversationId: string | null) => void;
  /** Model apps: extra fields of every question's body, read when it is sent (the chosen 知识库 and attached files). */
  extraBody?: () => Record<string, unknown>;
}

interface AskInput {
  query?: string;
  inputs: Record<string, unknown>;
  model?: string;
  webSearch?: boolean;
}

/**
 * One conversation's messages: streaming answers, stop, retry, feedback, suggestions, older history,
 * and its threads: every exchange known is kept in time order, the page shows one thread of the tree
 * (message-tree.ts) and 重新生成 / 编辑 add a sibling (`parent_message_id`) instead of replacing.
 */
export function useChatSession({ appid, suggestionsEnabled, onConversationStarted, onAnswerEnded, extraBody }: Options) {
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  /** The exchange whose thread is shown (null: the newest one's). */
  const [selected, setSelected] = useState<string | null>(null);
  const tree = useMemo(() => buildMessageTree(exchanges), [exchanges]);
  const thread = useMemo(() => visibleThread(tree, selected), [tree, selected]);
  const visible = useMemo(() => thread.map((item) => item.exchange), [thread]);
  const [history, setHistory] = useState<{ hasMore: boolean; status: "idle" | "loading" | "error"; error?: string }>({ hasMore: false, status: "idle" });
  const [streaming, setStreaming] = useState(false);
  const active = useRef<ActiveRun | null>(null);
  const conversationRef = useRef<string | null>(null);
  // Ignores answers to requests made for a conversation the user has since left.
  const generation = useRef(0);
  const callbacks = useRef({ onConversationStarted, onAnswerEnded, extraBody });
  useEffect(() => {
    callbacks.current = { onConversationStarted, onAnswerEnded, extraBody };
  });

  const update = useCallback((key: string, change: (exchange: Exchange) => Exchange) => {
    setExchanges((list) => list.map((item) => (item.key === key ? change(item) : item)));
  }, []);

  const loadSuggestions = useCallback(
    async (key: string, messageId: string) => {
      try {
        const result = await apiFetch<{ data?: string[] }>(difyProxyUrl(`messages/${encodeURIComponent(messageId)}/suggested`, appid));
        const suggestions = (result?.data ?? []).filter((item) => typeof item === "string" && item.trim());
        if (suggestions.length) update(key, (item) => ({ ...item, suggestions }));
      } catch {
        // Suggestions are a nicety: a failure just shows none.
      }
    },
    [appid, update],
  );

  const run = useCallback(
    async (key: string, input: Omit<SendInput, "files"> & { parentMessageId?: string | null }) => {
      const current: ActiveRun = { ...newStreamTask(), key };
      active.current = current;
      setStreaming(true);
      const myGeneration = generation.current;
      let latest: Exchange | undefined;
      let ended = false;
      let failed = false;
      const apply = (change: (exchange: Exchange) => Exchange) =>
        update(key, (item) => {
          latest = change(item);
          return latest;
        });
      try {
        const outcome = await streamDify(
          difyProxyUrl("chat-messages", appid),
          {
            ...callbacks.current.extraBody?.(),
            query: input.query,
            inputs: input.inputs,
            response_mode: "streaming",
            conversation_id: conversationRef.current ?? "",
            files: input.fileRefs.length ? input.fileRefs : undefined,
            model: input.model,
            web_search: input.webSearch || undefined,
            // Omitted for a new conversation; null: a new root (the first question asked again).
            parent_message_id: conversationRef.current ? input.parentMessageId : undefined,
          },
          {
            signal: current.controller.signal,
            onEvent: (event) => {
              if (generation.current !== myGeneration) return;
              noteTaskId(current, event);
              const started = typeof event.conversation_id === "string" && event.conversation_id ? event.conversation_id : undefined;
              if (started && !conversationRef.current) {
                conversationRef.current = started;
                setConversationId(started);
                callbacks.current.onConversationStarted(started);
              }
              if (event.event === "message_end") ended = true;
              if (event.event === "error") failed = true;
              apply((item) => applyChatEvent(item, event));
            },
          },
        );
        if (generation.current !== myGeneration) return;
        if (failed) return;
        if (current.stopRequested || outcome === "aborted") {
          apply((item) => withSettledWorkflow({ ...item, status: "stopped" }, "stopped"));
        } else if (!ended && !(latest?.answer ?? "")) {
          apply((item) => withSettledWorkflow({ ...item, status: "error", error: { message: "回答中断了，请重试", statusCode: 0 } }, "failed"));
        } else {
          apply((item) => withSettledWorkflow({ ...item, status: "done" }, ended ? "stopped" : "failed"));
          if (suggestionsEnabled && latest?.messageId) void loadSuggestions(key, latest.messageId);
        }
      } catch (error) {
        if (generation.current !== myGeneration) return;
        apply((item) => ({ ...item, status: "error", error: { message: messageOf(error), statusCode: error instanceof DifyRequestError ? error.statusCode : statusOf(error) } }));
      } finally {
        if (active.current === current) {
          active.current = null;
          setStreaming(false);
        }
        if (generation.current === myGeneration) callbacks.current.onAnswerEnded(conversationRef.current);
      }
    },
    [appid, loadSuggestions, suggestionsEnabled, update],
  );

  /** Asks after the shown thread's last exchange. */
  const send = useCallback(
    (input: SendInput) => {
      if (active.current) return;
      const key = localId();
      const parentKey = visible.at(-1)?.key ?? null;
      setExchanges((list) => [
        // Follow-up suggestions belong to the latest answer only.
        ...list.map((item) => (item.suggestions ? { ...item, suggestions: undefined } : item)),
        { key, parentKey, query: input.query, files: input.files, fileRefs: input.fileRefs, answer: "", status: "streaming", feedback: null },
      ]);
      setSelected(key);
      // Without a shown message (its history did not load) the server puts it after the newest.
      void run(key, { ...input, parentMessageId: parentKey === null ? undefined : parentMessageIdOf(tree, parentKey) });
    },
    [run, tree, visible],
  );

  /**
   * Asks an exchange's question again — as it was (重新生成) or with new text (编辑) — as a new
   * sibling under the same parent, which becomes the shown thread.
   */
  const regenerate = useCallback(
    (key: string, input: AskInput) => {
      const exchange = tree.byKey.get(key);
      if (active.current || !exchange) return;
      const parentKey = tree.parentOf.get(key) ?? null;
      const sibling: Exchange = { key: localId(), parentKey, query: input.query ?? exchange.query, files: exchange.files, fileRefs: exchange.fileRefs, answer: "", status: "streaming", feedback: null };
      setExchanges((list) => [...list.map((item) => (item.suggestions ? { ...item, suggestions: undefined } : item)), sibling]);
      setSelected(sibling.key);
      void run(sibling.key, { query: sibling.query, fileRefs: sibling.fileRefs, inputs: input.inputs, model: input.model, webSearch: input.webSearch, parentMessageId: parentMessageIdOf(tree, parentKey) });
    },
    [run, tree],
  );

  /** 重试 after an error: a stored failed message gets a sibling; one never stored is asked again in place. */
  const retry = useCallback(
    (key: string, input: AskInput) => {
      const exchange = tree.byKey.get(key);
      if (active.current || !exchange) return;
      if (exchange.messageId) return regenerate(key, input);
      const parentKey = tree.parentOf.get(key) ?? null;
      update(key, (item) => ({ ...item, answer: "", error: undefined, status: "streaming", taskId: undefined, feedback: null, suggestions: undefined, agentSteps: undefined, citations: undefined, workflow: undefined }));
      void run(key, { query: exchange.query, fileRefs: exchange.fileRefs, inputs: input.inputs, model: input.model, webSearch: input.webSearch, parentMessageId: parentMessageIdOf(tree, parentKey) });
    },
    [regenerate, run, tree, update],
  );

  const stop = useCallback(() => {
    if (active.current) requestStop(appid, active.current, "chat-messages");
  }, [appid]);

  const rate = useCallback(
    async (key: string, rating: Rating, content?: string) => {
      const exchange = tree.byKey.get(key);
      if (!exchange?.messageId) return;
      const previous = exchange.feedback;
      update(key, (item) => ({ ...item, feedback: rating }));
      try {
        await sendFeedback(appid, exchange.messageId, rating, content);
      } catch (error) {
        update(key, (item) => ({ ...item, feedback: previous }));
        toast({ variant: "destructive", title: "反馈失败", description: messageOf(error) });
      }
    },
    [appid, tree, update],
  );

  const loadHistory = useCallback(
    async (id: string, firstId?: string) => {
      const myGeneration = generation.current;
      setHistory((state) => ({ ...state, status: "loading", error: undefined }));
      try {
        const page = await apiFetch<MessagePage>(difyProxyUrl("messages", appid, { conversation_id: id, first_id: firstId, limit: HISTORY_PAGE }));
        if (generation.current !== myGeneration) return;
        const older = page.data.map(exchangeFromHistory);
        setExchanges((list) => (firstId ? [...older, ...list] : older));
        setHistory({ hasMore: page.has_more, status: "idle" });
      } catch (error) {
        if (generation.current !== myGeneration) return;
        setHistory((state) => ({ ...state, status: "error", error: messageOf(error) }));
      }
    },
    [appid],
  );

  /** Shows a stored conversation, or a new empty one with `null`. */
  const open = useCallback(
    (id: string | null) => {
      generation.current += 1;
      active.current?.controller.abort();
      active.current = null;
      setStreaming(false);
      conversationRef.current = id;
      setConversationId(id);
      setExchanges([]);
      setSelected(null);
      setHistory({ hasMore: false, status: "idle" });
      if (id) void loadHistory(id);
    },
    [loadHistory],
  );

  const loadOlder = useCallback(() => {
    const oldest = exchanges.find((item) => item.messageId)?.messageId;
    if (!conversationRef.current || !oldest || !history.hasMore || history.status === "loading") return;
    void loadHistory(conversationRef.current, oldest);
  }, [exchanges, history.hasMore, history.status, loadHistory]);

  useEffect(() => () => active.current?.controller.abort(), []);

  /** Shows the thread through `key` (a sibling picked with ‹ ›). */
  const select = useCallback((key: string) => {
    if (!active.current) setSelected(key);
  }, []);

  return { conversationId, exchanges, thread, visible, history, streaming, send, retry, regenerate, select, stop, rate, open, loadOlder };
}
