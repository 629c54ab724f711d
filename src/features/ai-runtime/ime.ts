/** What the Enter logic reads from a React keyboard event (kept small so it is testable). */
export interface EnterKeyEvent {
  key: string;
  shiftKey: boolean;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  keyCode?: number;
  nativeEvent?: { isComposing?: boolean };
}

/**
 * Whether a keydown in the composer should send: plain Enter (or Ctrl/⌘+Enter) sends, Shift+Enter
 * breaks a line, and nothing sends while an IME is composing — a Chinese IME confirms its candidate
 * with Enter. Browsers differ in how they say so: `isComposing` (Chrome, Firefox), keyCode 229
 * (Safari sends compositionend *before* the keydown), so the caller's own compositionstart/end
 * flag counts too.
 */
export function shouldSendOnKeyDown(event: EnterKeyEvent, composing: boolean): boolean {
  if (event.key !== "Enter") return false;
  if (composing || event.nativeEvent?.isComposing === true || event.keyCode === 229) return false;
  if (event.shiftKey || event.altKey) return false;
  return true;
}
