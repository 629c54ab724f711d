"use client";

import { Loader2, Square, Volume2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { isAbortError, messageOf } from "@/features/ai-runtime";
import { toast } from "@/lib/toast";
import { fetchSpeech } from "../voice";
import { useChatVoice } from "../voice-context";

type Playback = "idle" | "loading" | "playing";

/** One answer is read at a time: starting another stops the one playing. */
let stopCurrent: (() => void) | null = null;

/** 朗读 under an answer, for apps with `text_to_speech`: fetches the app's audio and plays it; 停止朗读 stops. */
export function ReadAloudButton({ text }: { text: string }) {
  const voice = useChatVoice();
  const [playback, setPlayback] = useState<Playback>("idle");
  const stopRef = useRef<() => void>(() => undefined);
  useEffect(() => () => stopRef.current(), []);

  if (!voice?.textToSpeech) return null;
  const { appid } = voice;

  async function play() {
    // Read when asked: the conversation a new chat gets arrives after its first answer renders.
    const conversationId = voice!.currentConversation();
    if (!conversationId) return;
    stopCurrent?.();
    const controller = new AbortController();
    let audio: HTMLAudioElement | null = null;
    let url: string | null = null;
    const stop = () => {
      controller.abort();
      audio?.pause();
      if (url) URL.revokeObjectURL(url);
      url = null;
      if (stopCurrent === stop) stopCurrent = null;
      setPlayback("idle");
    };
    stopCurrent = stop;
    stopRef.current = stop;
    setPlayback("loading");
    try {
      const speech = await fetchSpeech(appid, text, controller.signal);
      if (controller.signal.aborted) return;
      url = URL.createObjectURL(speech);
      audio = new Audio(url);
      audio.addEventListener("playing", () => setPlayback("playing"));
      audio.addEventListener("ended", stop);
      audio.addEventListener("error", () => {
        stop();
        toast({ variant: "destructive", title: "朗读失败", description: "无法播放这段语音" });
      });
      await audio.play();
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) return;
      stop();
      toast({ variant: "destructive", title: "朗读失败", description: messageOf(error) });
    }
  }

  const label = playback === "idle" ? "朗读" : playback === "loading" ? "正在准备朗读，点击取消" : "停止朗读";
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label={label}
      title={label}
      data-playback={playback}
      onClick={() => (playback === "idle" ? void play() : stopRef.current())}
    >
      {playback === "idle" ? <Volume2 aria-hidden /> : playback === "loading" ? <Loader2 aria-hidden className="animate-spin" /> : <Square aria-hidden className="fill-current" />}
    </Button>
  );
}
