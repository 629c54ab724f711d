"use client";

import { Loader2, Mic, Square, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { Button } from "@/components/ui/button";
import { isAbortError, messageOf } from "@/features/ai-runtime";
import { toast } from "@/lib/toast";
import { appendTranscript, transcribeRecording } from "../voice";
import { useChatVoice } from "../voice-context";
import { formatElapsed, MAX_RECORDING_SECONDS, useVoiceRecorder } from "../use-voice-recorder";

/**
 * 语音输入 in the composer, for apps with `speech_to_text`: records (录音中 with the elapsed time, a
 * stop and a cancel button, at most 60 s), sends the recording to the app's speech to text and puts
 * the transcript into the message box (after what is already typed).
 */
export function VoiceInputButton({ disabled, onTranscript }: { disabled?: boolean; onTranscript: Dispatch<SetStateAction<string>> }) {
  const voice = useChatVoice();
  const [transcribing, setTranscribing] = useState(false);
  const upload = useRef<AbortController | null>(null);
  const root = useRef<HTMLSpanElement>(null);
  /** Back to the message box (the stop button that had focus is gone), caret after the text. */
  const focusMessageBox = useCallback(() => {
    requestAnimationFrame(() => {
      const box = root.current?.closest(":has(> textarea)")?.querySelector("textarea");
      box?.focus();
      box?.setSelectionRange(box.value.length, box.value.length);
    });
  }, []);
  useEffect(() => () => upload.current?.abort(), []);
  const appid = voice?.appid ?? "";

  const onRecorded = useCallback(
    async (audio: Blob) => {
      const controller = new AbortController();
      upload.current = controller;
      setTranscribing(true);
      try {
        const text = await transcribeRecording(appid, audio, controller.signal);
        if (!text) toast({ title: "没有识别到文字", description: "请靠近麦克风再说一遍" });
        else onTranscript((current) => appendTranscript(current, text));
        focusMessageBox();
      } catch (error) {
        if (!isAbortError(error)) toast({ variant: "destructive", title: "语音识别失败", description: messageOf(error) });
      } finally {
        if (upload.current === controller) {
          upload.current = null;
          setTranscribing(false);
        }
      }
    },
    [appid, focusMessageBox, onTranscript],
  );
  const onError = useCallback((message: string) => toast({ variant: "destructive", title: "无法录音", description: message }), []);
  const recorder = useVoiceRecorder({ onRecorded, onError });

  if (!voice?.speechToText) return null;
  return (
    <span ref={root} className="contents">
      {recorder.state.status === "recording" ? (
        <Recording seconds={recorder.state.seconds} onStop={recorder.stop} onCancel={() => (recorder.cancel(), focusMessageBox())} />
      ) : transcribing ? (
        <Button type="button" variant="ghost" size="sm" className="h-8 text-muted-foreground" disabled aria-label="正在识别语音">
          <Loader2 aria-hidden className="animate-spin" />
          <span role="status">识别中…</span>
        </Button>
      ) : (
        <Button type="button" variant="ghost" size="icon" className="size-8" aria-label="语音输入" title="语音输入（最长 60 秒）" disabled={disabled} onClick={() => void recorder.start()}>
          <Mic aria-hidden />
        </Button>
      )}
    </span>
  );
}

/** 录音中 0:07, with 取消录音 and 停止录音并识别 (focused, so Enter or Space stops). */
function Recording({ seconds, onStop, onCancel }: { seconds: number; onStop: () => void; onCancel: () => void }) {
  const left = MAX_RECORDING_SECONDS - seconds;
  return (
    <div className="flex items-center gap-1 rounded-full bg-destructive/10 py-0.5 pr-0.5 pl-2.5 text-destructive" data-testid="voice-recording">
      <span aria-hidden className="size-2 animate-pulse rounded-full bg-destructive" />
      <span role="status" className="text-xs tabular-nums">
        录音中 {formatElapsed(seconds)}
        {left <= 10 && <span className="sr-only">，{left} 秒后自动停止</span>}
      </span>
      <Button type="button" variant="ghost" size="icon" className="size-7 rounded-full" aria-label="取消录音" title="取消录音" onClick={onCancel}>
        <X aria-hidden />
      </Button>
      <Button type="button" variant="destructive" size="icon" className="size-7 rounded-full" aria-label="停止录音并识别" title="停止录音并识别" onClick={onStop} autoFocus>
        <Square aria-hidden className="fill-current" />
      </Button>
    </div>
  );
}
