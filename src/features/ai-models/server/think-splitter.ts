/**
 * Some providers (DeepSeek-R1 on Ollama or vLLM, QwQ…) send their thinking inside the answer as a
 * leading `<think>…</think>` block instead of `reasoning_content`. This splits streamed content into
 * reasoning and answer, whatever the chunk boundaries are.
 */
export class ThinkSplitter {
  private state: "start" | "thinking" | "answering" = "start";
  private pending = "";

  /** Returns the reasoning and answer text this chunk adds. */
  push(chunk: string): { reasoning: string; answer: string } {
    this.pending += chunk;
    let reasoning = "";
    let answer = "";
    if (this.state === "start") {
      const trimmed = this.pending.trimStart();
      if (trimmed.startsWith("<think>")) {
        this.state = "thinking";
        this.pending = trimmed.slice("<think>".length);
      } else if (trimmed.length >= "<think>".length || !"<think>".startsWith(trimmed)) {
        this.state = "answering";
      } else {
        return { reasoning, answer }; // could still become "<think>"
      }
    }
    if (this.state === "thinking") {
      const end = this.pending.indexOf("</think>");
      if (end === -1) {
        // Keep a tail that may be the start of "</think>".
        const keep = Math.min(this.pending.length, "</think>".length - 1);
        reasoning = this.pending.slice(0, this.pending.length - keep);
        this.pending = this.pending.slice(this.pending.length - keep);
        return { reasoning, answer };
      }
      reasoning = this.pending.slice(0, end);
      this.pending = this.pending.slice(end + "</think>".length).replace(/^\s+/, "");
      this.state = "answering";
    }
    answer = this.pending;
    this.pending = "";
    return { reasoning, answer };
  }

  /** What is still held back when the stream ends. */
  flush(): { reasoning: string; answer: string } {
    const rest = this.pending;
    this.pending = "";
    return this.state === "thinking" ? { reasoning: rest, answer: "" } : { reasoning: "", answer: rest };
  }
}
