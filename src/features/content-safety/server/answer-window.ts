import type { CheckOutcome } from "./checker";

/** New characters that start a check of the streaming answer. */
export const WINDOW = 200;
/** Characters of the previous window checked again, so a word split across two windows is still found. */
export const OVERLAP = 50;

/**
 * The answer as it streams, checked in windows: every `WINDOW` new characters (with `OVERLAP` of the
 * text before) and once more at the end, so a hit stops the answer long before it is complete.
 */
export class AnswerWindow {
  private text = "";
  private checkedTo = 0;

  constructor(private readonly check: (text: string) => Promise<CheckOutcome>) {}

  /** More of the answer; resolves to a hit when the new window holds one. */
  async push(chunk: string): Promise<CheckOutcome | undefined> {
    this.text += chunk;
    if (this.text.length - this.checkedTo < WINDOW) return undefined;
    return this.checkRest();
  }

  /** The answer ended: what was not checked yet is. */
  async finish(): Promise<CheckOutcome | undefined> {
    return this.checkedTo < this.text.length ? this.checkRest() : undefined;
  }

  private async checkRest(): Promise<CheckOutcome | undefined> {
    const from = Math.max(0, this.checkedTo - OVERLAP);
    this.checkedTo = this.text.length;
    const outcome = await this.check(this.text.slice(from));
    return outcome.flagged ? outcome : undefined;
  }
}
