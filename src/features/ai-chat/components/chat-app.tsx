"use client";

import { Menu, Plus } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { AppIcon, type PublicAiApp } from "@/features/ai-apps";
import {
  AppParametersGate,
  AppTitle,
  initialValues,
  normalizeInputForm,
  RequestError,
  toInputs,
  useUploads,
  validateInputs,
  type DifyParameters,
  type FormErrors,
  type FormValues,
} from "@/features/ai-runtime";
import { ShareDialog } from "@/features/conversation-share";
import { AttachedDocumentsList, KnowledgeChooser, useKnowledgeChoice } from "@/features/knowledge";
import { toast } from "@/lib/toast";
import { composerUploads } from "../composer-uploads";
import { useChatScroll } from "../use-chat-scroll";
import { exportConversationWithToast } from "../download-conversation";
import { moderationReplies } from "../moderation";
import { useChatSession } from "../use-chat-session";
import { useConversationPins } from "../use-conversation-pins";
import { useConversations } from "../use-conversations";
import { ChatVoiceProvider, useVoiceConversation } from "../voice-context";
import type { Conversation, Exchange } from "../types";
import { visionRetryLabel, visionRetryModel } from "../vision-retry";
import { Composer } from "./composer";
import { ConversationList } from "./conversation-list";
import { DeleteDialog } from "./delete-dialog";
import { MessageItem } from "./message-item";
import { ModelSwitcher } from "./model-switcher";
import { WebSearchToggle } from "./web-search-toggle";
import { RenameDialog } from "./rename-dialog";
import { Welcome } from "./welcome";

/** The chat page of an app: conversations sidebar (drawer on mobile), messages, composer. */
export function ChatApp({ app }: { app: PublicAiApp }) {
  return (
    <AppParametersGate appid={app.appid}>
      {(parameters) => (
        <ChatVoiceProvider appid={app.appid} parameters={parameters}>
          <ChatWorkspace app={app} parameters={parameters} />
        </ChatVoiceProvider>
      )}
    </AppParametersGate>
  );
}

function ChatWorkspace({ app, parameters }: { app: PublicAiApp; parameters: DifyParameters }) {
  const fields = useMemo(() => normalizeInputForm(parameters.user_input_form), [parameters.user_input_form]);
  const moderation = useMemo(() => moderationReplies(parameters), [parameters]);
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [errors, setErrors] = useState<FormErrors>({});
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [renaming, setRenaming] = useState<Conversation | null>(null);
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  const [sharing, setSharing] = useState<Conversation | null>(null);

  const conversations = useConversations(app.appid);
  const pins = useConversationPins(app.appid);
  const { refresh, upsert } = conversations;
  // Model apps: the 知识库 and attached files each question searches (features/knowledge).
  const knowledge = useKnowledgeChoice();
  const { started: knowledgeStarted } = knowledge;
  const isModelApp = (parameters.models ?? []).length > 0;
  const session = useChatSession({
    appid: app.appid,
    extraBody: isModelApp ? knowledge.body : undefined,
    suggestionsEnabled: parameters.suggested_questions_after_answer?.enabled === true,
    onConversationStarted: useCallback(
      (id: string) => {
        upsert({ id, name: "新对话" });
        knowledgeStarted(id);
      },
      [knowledgeStarted, upsert],
    ),
    onAnswerEnded: useCallback(() => void refresh(), [refresh]),
  });
  const uploads = useUploads(app.appid, parameters.file_upload, parameters.system_parameters);
  useVoiceConversation(session.conversationId);
  const { container: scroller, onScroll, pinToBottom } = useChatScroll(session.visible, session.history.hasMore && session.history.status !== "loading", session.loadOlder);

  const activeConversation = conversations.state.items.find((item) => item.id === session.conversationId);
  // Model apps: the chosen model; a stored conversation brings back the one it last used.
  const models = parameters.models ?? [];
  const [chosenModel, setChosenModel] = useState(parameters.default_model ?? models[0]?.id ?? "");
  const model = models.length > 0 ? chosenModel : undefined;
  // 联网搜索: offered only where the operator enabled it; the server ignores it elsewhere too.
  const webSearchAvailable = parameters.web_search?.enabled === true;
  const [webSearchChosen, setWebSearch] = useState(false);
  const webSearch = webSearchAvailable && webSearchChosen;
  const inputsForSend = useCallback(
    () => (session.conversationId ? (activeConversation?.inputs ?? {}) : toInputs(fields, values)),
    [activeConversation?.inputs, fields, session.conversationId, values],
  );

  const ask = useCallback(
    (text: string): boolean => {
      if (session.streaming) return false;
      if (!session.conversationId) {
        const found = validateInputs(fields, values);
        setErrors(found);
        if (Object.keys(found).length > 0) {
          toast({ variant: "destructive", title: "请先完善输入", description: Object.values(found)[0] });
          return false;
        }
      }
      if (uploads.uploading || (isModelApp && knowledge.preparing)) return false;
      const files = uploads.ready.map((file) => ({ id: file.uploaded.id, name: file.name, type: file.kind, url: file.previewUrl }));
      const fileRefs = uploads.ready.map((file) => ({ type: file.kind, transfer_method: "local_file" as const, upload_file_id: file.uploaded.id }));
      session.send({ query: text, files, fileRefs, inputs: inputsForSend(), model, webSearch });
      uploads.clear();
      if (isModelApp) knowledge.sent();
      pinToBottom();
      return true;
    },
    [fields, inputsForSend, isModelApp, knowledge, model, pinToBottom, session, uploads, values, webSearch],
  );

  // A question whose images the chosen model refused: one click asks a model that can see, same images.
  const retryWithSeeingModel = (exchange: Exchange) => {
    const seeing = visionRetryModel(exchange, models, model);
    if (!seeing) return undefined;
    return {
      label: visionRetryLabel(seeing.name),
      onRetry: () => {
        setChosenModel(seeing.id);
        session.retry(exchange.key, { inputs: inputsForSend(), model: seeing.id, webSearch });
      },
    };
  };

  const openConversation = (id: string | null) => {
    setDrawerOpen(false);
    if (id === session.conversationId && id !== null) return;
    session.open(id);
    // Attached documents belong to their conversation: another one shows its own, a new one none.
    knowledge.open(id);
    const stored = conversations.state.items.find((item) => item.id === id)?.model;
    if (stored && models.some((option) => option.id === stored)) setChosenModel(stored);
    else if (id === null) setChosenModel(parameters.default_model ?? models[0]?.id ?? "");
    setErrors({});
    pinToBottom();
  };

  const sidebar = (
    <ConversationList
      appid={app.appid}
      state={conversations.state}
      pins={pins.pins}
      activeId={session.conversationId}
      onNew={() => openConversation(null)}
      onOpen={(id) => openConversation(id)}
      onRename={setRenaming}
      onDelete={setDeleting}
      onPin={(conversation, pinned) => void pins.setPinned(conversation, pinned)}
      onShare={setSharing}
      onExport={(conversation, format) => exportConversationWithToast({ appid: app.appid, appName: app.name, conversationId: conversation.id, conversationName: conversation.name, format })}
      onLoadMore={conversations.loadMore}
      onRetry={conversations.state.items.length ? conversations.loadMore : () => void conversations.refresh()}
    />
  );

  const empty = session.exchanges.length === 0 && !session.conversationId;
  const busy = session.streaming;

  return (
    <div className="flex min-h-0 flex-1">
      <aside className="hidden w-64 shrink-0 flex-col border-r bg-muted/30 md:flex" aria-label="对话">
        {sidebar}
      </aside>
      <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
        <SheetContent side="left" className="gap-0 p-0">
          <SheetHeader className="border-b">
            <SheetTitle>对话</SheetTitle>
            <SheetDescription className="sr-only">搜索、切换、置顶、分享、导出、重命名或删除对话</SheetDescription>
          </SheetHeader>
          {sidebar}
        </SheetContent>
      </Sheet>

      <section className="flex min-w-0 flex-1 flex-col" aria-label="聊天">
        {/* On a phone the controls wrap below the app's name rather than squeeze it to nothing. */}
        <div className="flex min-h-12 shrink-0 flex-wrap items-center gap-x-2 gap-y-1 border-b px-3 py-1.5 sm:h-12 sm:flex-nowrap sm:px-4 sm:py-0">
          <Button type="button" variant="ghost" size="icon" className="size-8 md:hidden" aria-label="打开对话列表" onClick={() => setDrawerOpen(true)}>
            <Menu aria-hidden />
          </Button>
          <AppTitle app={app} className="min-w-24 flex-1 sm:min-w-0 sm:flex-none [&_h1]:text-sm [&>span]:size-7 [&>span]:text-base" />
          <span className="hidden min-w-0 truncate text-sm text-muted-foreground sm:inline">{activeConversation ? `· ${activeConversation.name}` : ""}</span>
          <div className="ml-auto flex items-center gap-1">
            {isModelApp && <KnowledgeChooser choice={knowledge} disabled={busy} />}
            <WebSearchToggle available={webSearchAvailable} on={webSearch} disabled={busy} onChange={setWebSearch} />
            <ModelSwitcher models={models} value={chosenModel} disabled={busy} onChange={setChosenModel} />
            <Button type="button" variant="ghost" size="sm" className="md:hidden" aria-label="新对话" onClick={() => openConversation(null)}>
              <Plus aria-hidden />
              <span className="hidden sm:inline">新对话</span>
            </Button>
          </div>
        </div>

        <div ref={scroller} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto px-3 sm:px-6" data-testid="message-scroller">
          {empty ? (
            <Welcome
              app={app}
              openingStatement={parameters.opening_statement}
              suggestedQuestions={parameters.suggested_questions ?? []}
              fields={fields}
              system={parameters.system_parameters}
              values={values}
              errors={errors}
              onChange={(variable, value) => {
                setValues((current) => ({ ...current, [variable]: value }));
                setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== variable)));
              }}
              onAsk={(question) => void ask(question)}
            />
          ) : (
            <div className="mx-auto w-full max-w-3xl space-y-8 py-6">
              {session.history.hasMore && (
                <div className="flex justify-center">
                  <Button type="button" variant="ghost" size="sm" disabled={session.history.status === "loading"} onClick={session.loadOlder}>
                    {session.history.status === "loading" ? "加载中…" : "加载更早的消息"}
                  </Button>
                </div>
              )}
              {session.history.status === "loading" && session.exchanges.length === 0 && (
                <p role="status" className="py-10 text-center text-sm text-muted-foreground">
                  正在加载消息…
                </p>
              )}
              {session.history.status === "error" && (
                <RequestError message={session.history.error ?? "加载消息失败"} onRetry={() => (session.exchanges.length ? session.loadOlder() : session.open(session.conversationId))} />
              )}
              {session.thread.map(({ exchange, siblingIndex, siblingKeys }, index) => (
                <MessageItem
                  key={exchange.key}
                  exchange={exchange}
                  icon={<AppIcon icon={app.icon} kind={app.kind} className="mt-1 size-8 rounded-full bg-accent text-base" />}
                  isLast={index === session.thread.length - 1}
                  busy={busy}
                  branch={siblingKeys.length > 1 ? { index: siblingIndex, count: siblingKeys.length, onSwitch: (to) => session.select(siblingKeys[to]!) } : undefined}
                  onRetry={(key) => session.retry(key, { inputs: inputsForSend(), model, webSearch })}
                  onRevise={(key, query) => session.regenerate(key, { query, inputs: inputsForSend(), model, webSearch })}
                  onRate={(key, rating, content) => void session.rate(key, rating, content)}
                  onAsk={(question) => void ask(question)}
                  moderationReplies={moderation}
                  retryWith={retryWithSeeingModel(exchange)}
                />
              ))}
            </div>
          )}
        </div>

        <div className="shrink-0 px-3 pt-2 pb-3 sm:px-6 sm:pb-4">
          <div className="mx-auto w-full max-w-3xl">
            <Composer
              streaming={session.streaming}
              uploads={composerUploads(parameters.file_upload, uploads, isModelApp ? knowledge : null)}
              documents={isModelApp ? { list: <AttachedDocumentsList className="px-3 pt-3" documents={knowledge.documents} onRemove={knowledge.remove} />, preparing: knowledge.preparing } : undefined}
              onSend={ask}
              onStop={session.stop}
            />
          </div>
        </div>
      </section>

      <ShareDialog appid={app.appid} conversation={sharing} onOpenChange={(open) => !open && setSharing(null)} />
      <RenameDialog conversation={renaming} onOpenChange={(open) => !open && setRenaming(null)} onRename={conversations.rename} />
      <DeleteDialog
        conversation={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDelete={async (id) => {
          await conversations.remove(id);
          // The server removed its pin with it (the proxy route).
          pins.forget(id);
          if (id === session.conversationId) {
            session.open(null);
            knowledge.open(null);
          }
        }}
      />
    </div>
  );
}
