import { describe, expect, it } from "vitest";
import {
  addAttached,
  attachedHere,
  conversationStarted,
  initialAttached,
  isKnowledgeDocument,
  markSent,
  openConversation,
  removeAttached,
  updateAttached,
  type AttachedDocument,
} from "./attached-documents";

const guide: AttachedDocument = { id: "local-1", name: "说明书.pdf", status: "uploading", failureReason: null, sent: false };
const names = (documents: readonly AttachedDocument[]) => documents.map((document) => document.name);

describe("documents attached to a model-app conversation", () => {
  it("belong to the conversation they were attached in: another conversation shows none, coming back shows them again", () => {
    let state = addAttached(openConversation(initialAttached, "c1"), guide);
    state = openConversation(state, "c2");
    expect(attachedHere(state)).toEqual([]);
    state = openConversation(state, "c1");
    expect(names(attachedHere(state))).toEqual(["说明书.pdf"]);
  });

  it("a new conversation starts empty, even after documents were attached to an earlier new one", () => {
    let state = addAttached(initialAttached, guide);
    state = openConversation(state, "c1");
    state = openConversation(state, null);
    expect(attachedHere(state)).toEqual([]);
    // 新对话 again while in a new conversation: empty too.
    state = openConversation(addAttached(state, guide), null);
    expect(attachedHere(state)).toEqual([]);
  });

  it("a new conversation's documents move with it once the server gives it an id", () => {
    let state = conversationStarted(addAttached(initialAttached, guide), "c9");
    expect(names(attachedHere(state))).toEqual(["说明书.pdf"]);
    state = openConversation(openConversation(state, null), "c9");
    expect(names(attachedHere(state))).toEqual(["说明书.pdf"]);
  });

  it("news of an upload reaches the document after the user switched away; removing and sending change only the shown conversation", () => {
    let state = openConversation(addAttached(openConversation(initialAttached, "c1"), guide), "c2");
    state = updateAttached(state, "local-1", { id: "d1", status: "parsing" });
    state = openConversation(state, "c1");
    expect(attachedHere(state)).toEqual([{ ...guide, id: "d1", status: "parsing" }]);
    state = markSent(state);
    expect(attachedHere(state)[0]?.sent).toBe(true);
    state = removeAttached(state, "d1");
    expect(attachedHere(state)).toEqual([]);
  });

  it("the paperclip's documents are PDF, Word, Markdown, TXT and HTML, by extension in any case", () => {
    expect(["a.PDF", "b.docx", "c.md", "c.markdown", "d.txt", "e.html", "f.htm"].every((name) => isKnowledgeDocument({ name }))).toBe(true);
    expect(["a.png", "b.jpg", "c.doc", "pdf"].some((name) => isKnowledgeDocument({ name }))).toBe(false);
  });
});
