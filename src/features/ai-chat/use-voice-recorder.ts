"use client";

import { useCallback, useEffect, useRef, useState } from "react";

/** A question is short: recording stops by itself after this long. */
export const MAX_RECORDING_SECONDS = 60;
/** Speech needs little: ~240 KB a minute, well under the proxy's and the server's body caps. */
const AUDIO_BITS_PER_SECOND = 32_000;
/** Types Dify takes (the proxy normalises the codec suffix), in order of preference. */
const RECORDING_TYPES = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4"];

export type RecorderState = { status: "idle" } | { status: "recording"; seconds: number };

export const MICROPHONE_DENIED = "无法使用麦克风，请在浏览器设置中允许访问";
export const RECORDING_UNSUPPORTED = "当前浏览器不支持录音，请使用最新版的 Chrome、Edge、Safari 或 Firefox";

/** Why recording could not start, in words for the user. */
function startFailure(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return MICROPHONE_DENIED;
  if (name === "NotFoundError" || name === "OverconstrainedError") return "没有找到可用的麦克风，请连接后重试";
  if (name === "NotReadableError") return "麦克风正被其他程序占用，请关闭后重试";
  return "无法开始录音，请重试";
}

/**
 * Records from the microphone with MediaRecorder. `start` asks for the microphone; `stop` ends the
 * recording and hands the audio to `onRecorded`; `cancel` drops it. Stops by itself after
 * MAX_RECORDING_SECONDS, and releases the microphone on unmount.
 */
export function useVoiceRecorder({ onRecorded, onError }: { onRecorded: (audio: Blob) => void; onError: (message: string) => void }) {
  const [state, setState] = useState<RecorderState>({ status: "idle" });
  const recorder = useRef<MediaRecorder | null>(null);
  const discard = useRef(false);
  const starting = useRef(false);
  const mounted = useRef(true);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  const callbacks = useRef({ onRecorded, onError });
  useEffect(() => {
    callbacks.current = { onRecorded, onError };
  });

  const finish = useCallback((keep: boolean) => {
    const active = recorder.current;
    if (!active) return;
    discard.current = !keep;
    clearInterval(timer.current);
    if (active.state !== "inactive") active.stop();
  }, []);

  const start = useCallback(async () => {
    if (recorder.current || starting.current) return;
    if (typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getUserMedia) {
      callbacks.current.onError(RECORDING_UNSUPPORTED);
      return;
    }
    let stream: MediaStream;
    starting.current = true;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      if (mounted.current) callbacks.current.onError(startFailure(error));
      return;
    } finally {
      starting.current = false;
    }
    // The page went away while the browser asked for the microphone.
    if (!mounted.current) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    const mimeType = RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    let media: MediaRecorder;
    try {
      media = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
    } catch {
      stream.getTracks().forEach((track) => track.stop());
      callbacks.current.onError(RECORDING_UNSUPPORTED);
      return;
    }
    const chunks: Blob[] = [];
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      recorder.current = null;
      clearInterval(timer.current);
      if (!mounted.current) return;
      setState({ status: "idle" });
      if (!discard.current && chunks.length > 0) callbacks.current.onRecorded(new Blob(chunks, { type: media.mimeType || mimeType || "audio/webm" }));
    };
    recorder.current = media;
    discard.current = false;
    const startedAt = Date.now();
    media.start(1000);
    setState({ status: "recording", seconds: 0 });
    timer.current = setInterval(() => {
      const seconds = Math.floor((Date.now() - startedAt) / 1000);
      if (seconds >= MAX_RECORDING_SECONDS) finish(true);
      else setState({ status: "recording", seconds });
    }, 250);
  }, [finish]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      finish(false);
    };
  }, [finish]);

  return { state, start, stop: useCallback(() => finish(true), [finish]), cancel: useCallback(() => finish(false), [finish]) };
}

/** 0:07 */
export function formatElapsed(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
