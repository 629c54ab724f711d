"use client";

import { ArrowUp, Paperclip, Square } from "lucide-react";
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { PendingFiles, shouldSendOnKeyDown, useTouchInput, type PendingFile } from "@/features/ai-runtime";
import { VoiceInputButton } from "./voice-input-button";

interface ComposerProps {
  streaming: boolean;
  disabled?: boolean;
  uploads: {
    enabled: boolean;
    accept: string;
    files: PendingFile[];
    uploading: boolean;
    add: (files: FileList) => void;
    remove: (localId: string) => void;
  };
  /** Model apps: the documents attached to the conversation (shown in the tray); a question waits while one is preparing. */
  documents?: { list: ReactNode; preparing: boolean };
  /** Returns false when the message was not sent (e.g. the input form is incomplete): the text stays. */
  onSend: (text: string) => boolean;
  onStop: () => void;
}

/** The message box: Enter sends, Shift+Enter breaks the line, never while an IME is composing. */
export function Composer({ streaming, disabled, uploads, documents, onSend, onStop }: ComposerProps) {
  const [text, setText] = useState("");
  const composing = useRef(false);
  const picker = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const touchInput = useTouchInput();

  // Grows with the text up to max-h (browsers without CSS field-sizing need this).
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = "auto";
    element.style.height = `${element.scrollHeight}px`;
  }, [text]);
  const canSend = text.trim() !== "" && !streaming && !uploads.uploading && !documents?.preparing && !disabled;

  function send() {
    if (!canSend) return;
    if (onSend(text.trim())) setText("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter") return;
    if (!shouldSendOnKeyDown(event, composing.current)) return;
    event.preventDefault();
    send();
  }

  return (
    <div className="rounded-2xl border bg-background shadow-sm focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/30">
      <PendingFiles label="待发送的文件" className="px-3 pt-3" files={uploads.files} onRemove={uploads.remove} />
      {documents?.list}
      <textarea
        ref={box}
        aria-label="输入消息"
        placeholder={touchInput ? "输入消息" : "输入消息，Enter 发送，Shift+Enter 换行"}
        value={text}
        rows={1}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onCompositionStart={() => {
          composing.current = true;
        }}
        onCompositionEnd={() => {
          composing.current = false;
        }}
        onPaste={(event) => {
          if (uploads.enabled && event.clipboardData.files.length > 0) {
            event.preventDefault();
            uploads.add(event.clipboardData.files);
          }
        }}
        className="block max-h-48 min-h-12 w-full resize-none bg-transparent px-4 pt-3 pb-1 text-[15px] leading-6 outline-none placeholder:text-muted-foreground disabled:opacity-50"
      />
      <div className="flex items-center gap-2 px-2 pb-2">
        {uploads.enabled && (
          <>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              accept={uploads.accept || undefined}
              aria-label="选择要上传的文件"
              data-testid="file-input"
              onChange={(event) => {
                if (event.target.files?.length) uploads.add(event.target.files);
                event.target.value = "";
              }}
            />
            <Button type="button" variant="ghost" size="icon" className="size-8" aria-label="上传文件" title="上传图片或文件" onClick={() => picker.current?.click()} disabled={disabled}>
              <Paperclip aria-hidden />
            </Button>
          </>
        )}
        <VoiceInputButton disabled={disabled} onTranscript={setText} />
        <span className="ml-auto hidden text-xs text-muted-foreground sm:inline">{uploads.uploading ? "文件上传中…" : documents?.preparing ? "文档解析中…" : "AI 生成的内容仅供参考"}</span>
        {streaming ? (
          <Button type="button" size="sm" variant="outline" onClick={onStop} className="ml-auto rounded-full sm:ml-0">
            <Square aria-hidden className="fill-current" />
            停止
          </Button>
        ) : (
          <Button type="button" size="icon" className="ml-auto size-8 rounded-full sm:ml-0" aria-label="发送" disabled={!canSend} onClick={send}>
            <ArrowUp aria-hidden />
          </Button>
        )}
      </div>
    </div>
  );
}
