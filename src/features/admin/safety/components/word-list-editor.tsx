"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { entriesOfFile } from "@/features/content-safety";
import { useAdminAction } from "../../components/use-admin-action";
import { toast } from "@/lib/toast";
import { safetyAdminCopy } from "../copy";

interface WordView {
  id: string;
  entry: string;
}

interface AddResult {
  added: number;
  existing: number;
  errors: { line: string; error: string }[];
}

/** The built-in list: add entries (typed or from a text file, one a line) and delete them. */
export function WordListEditor({ words }: { words: readonly WordView[] }) {
  const copy = safetyAdminCopy.words;
  const run = useAdminAction();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  const add = async (lines: string[]) => {
    if (lines.length === 0) {
      toast({ title: copy.emptyInput, variant: "destructive" });
      return;
    }
    setBusy(true);
    try {
      await run<AddResult>("safety/words", { method: "POST", json: { lines } }, copy.added);
      setText("");
    } catch {
      // useAdminAction showed why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="moderation-words">{copy.addLabel}</Label>
        <Textarea id="moderation-words" rows={4} value={text} placeholder={copy.addPlaceholder} onChange={(event) => setText(event.target.value)} />
        <div className="flex flex-wrap gap-2">
          <Button type="button" disabled={busy} onClick={() => void add(entriesOfFile(text))}>
            {copy.add}
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={() => file.current?.click()}>
            {copy.import}
          </Button>
          <input
            ref={file}
            type="file"
            accept=".txt,text/plain"
            className="hidden"
            aria-label={copy.import}
            onChange={async (event) => {
              const chosen = event.target.files?.[0];
              event.target.value = "";
              if (chosen) await add(entriesOfFile(await chosen.text()));
            }}
          />
        </div>
      </div>
      <p className="text-muted-foreground text-sm">{words.length ? copy.count(words.length) : copy.empty}</p>
      <ul className="flex flex-wrap gap-2" data-testid="moderation-word-list">
        {words.map((word) => (
          <li key={word.id} className="bg-muted flex items-center gap-1 rounded-md py-0.5 pr-1 pl-2 text-sm">
            <span className="break-all">{word.entry}</span>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              aria-label={copy.deleteLabel(word.entry)}
              onClick={() => void run("safety/words/" + word.id, { method: "DELETE" }, () => copy.deleted).catch(() => undefined)}
            >
              ×
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
