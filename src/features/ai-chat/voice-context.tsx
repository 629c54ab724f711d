"use client";

import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from "react";
import type { DifyParameters } from "@/features/ai-runtime";

/**
 * What the voice buttons need from the chat page — the app, its speech_to_text / text_to_speech
 * switches and the open conversation — without threading props through the composer and every
 * message (their components take one line each for it).
 */
export interface ChatVoice {
  appid: string;
  speechToText: boolean;
  textToSpeech: boolean;
  /** The open conversation: read-aloud asks for a message inside it (the proxy checks it is the user's). */
  currentConversation: () => string | null;
  setCurrentConversation: (id: string | null) => void;
}

const ChatVoiceContext = createContext<ChatVoice | null>(null);

export function ChatVoiceProvider({ appid, parameters, children }: { appid: string; parameters: DifyParameters; children: ReactNode }) {
  const conversationId = useRef<string | null>(null);
  const speechToText = parameters.speech_to_text?.enabled === true;
  const textToSpeech = parameters.text_to_speech?.enabled === true;
  const value = useMemo(
    () => ({
      appid,
      speechToText,
      textToSpeech,
      currentConversation: () => conversationId.current,
      setCurrentConversation: (id: string | null) => {
        conversationId.current = id;
      },
    }),
    [appid, speechToText, textToSpeech],
  );
  return <ChatVoiceContext value={value}>{children}</ChatVoiceContext>;
}

/** The page's voice settings, or null outside a chat page (the buttons then render nothing). */
export function useChatVoice(): ChatVoice | null {
  return useContext(ChatVoiceContext);
}

/** Tells the voice buttons which conversation is open. */
export function useVoiceConversation(conversationId: string | null): void {
  const voice = useContext(ChatVoiceContext);
  useEffect(() => {
    voice?.setCurrentConversation(conversationId);
  }, [voice, conversationId]);
}
