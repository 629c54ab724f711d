"use client";

import { FileText, Link2, Trash2, Upload } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { apiFetch } from "@/lib/fetch";
import { knowledgeCopy } from "../copy";
import { showFailure, useDocuments, type BaseItem, type DocumentItem } from "../hooks";

const STATUS_VARIANT = { parsing: "secondary", indexed: "default", failed: "destructive" } as const;

/** One base: its documents with status, upload / add-by-URL, delete (a second click confirms). */
export function BaseCard({ base, onChanged }: { base: BaseItem; onChanged: () => Promise<void> }) {
  const { documents, reload } = useDocuments(base.id);
  const [url, setUrl] = useState("");
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      await Promise.all([reload(), onChanged()]);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File) => {
    const form = new FormData();
    form.set("file", file);
    return run(() => apiFetch(`/api/knowledge/bases/${base.id}/documents`, { method: "post", body: form }));
  };
  const addUrl = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return;
    void run(async () => {
      await apiFetch(`/api/knowledge/bases/${base.id}/documents`, { method: "post", json: { url: url.trim() } });
      setUrl("");
    });
  };

  return (
    <li className="grid gap-4 rounded-xl border bg-card p-4" aria-label={base.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-medium">{base.name}</h2>
        <div className="flex gap-2">
          <input
            ref={fileInput}
            type="file"
            accept={knowledgeCopy.accept}
            className="hidden"
            aria-label={`${knowledgeCopy.upload}（${base.name}）`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void upload(file);
            }}
          />
          <Button size="sm" variant="outline" disabled={busy} onClick={() => fileInput.current?.click()}>
            <Upload aria-hidden />
            {knowledgeCopy.upload}
          </Button>
          {confirming ? (
            <>
              <Button size="sm" variant="destructive" disabled={busy} onClick={() => void run(() => apiFetch(`/api/knowledge/bases/${base.id}`, { method: "delete" }))}>
                {knowledgeCopy.confirmRemove}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                {knowledgeCopy.cancel}
              </Button>
            </>
          ) : (
            <Button size="sm" variant="ghost" aria-label={`${knowledgeCopy.remove}知识库 ${base.name}`} onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden />
            </Button>
          )}
        </div>
      </div>
      <form onSubmit={addUrl} className="flex gap-2">
        <Input type="url" value={url} onChange={(event) => setUrl(event.target.value)} placeholder={knowledgeCopy.urlPlaceholder} aria-label={`${knowledgeCopy.addUrl}（${base.name}）`} />
        <Button type="submit" size="sm" variant="outline" disabled={busy || !url.trim()}>
          <Link2 aria-hidden />
          {knowledgeCopy.addUrl}
        </Button>
      </form>
      {documents && documents.length === 0 && <p className="text-sm text-muted-foreground">{knowledgeCopy.noDocuments}</p>}
      {documents && documents.length > 0 && (
        <ul className="grid gap-2" aria-label={`${base.name}的文档`}>
          {documents.map((document) => (
            <DocumentRow key={document.id} document={document} onDelete={() => void run(() => apiFetch(`/api/knowledge/bases/${base.id}/documents/${document.id}`, { method: "delete" }))} />
          ))}
        </ul>
      )}
    </li>
  );
}

function DocumentRow({ document, onDelete }: { document: DocumentItem; onDelete: () => void }) {
  return (
    <li className="flex items-center gap-3 rounded-lg border px-3 py-2 text-sm">
      <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate">{document.name}</p>
        {document.status === "failed" && document.failureReason && <p className="text-destructive">{document.failureReason}</p>}
        {document.status === "indexed" && document.pages > 1 && <p className="text-muted-foreground">{knowledgeCopy.pages(document.pages)}</p>}
      </div>
      <Badge variant={STATUS_VARIANT[document.status]}>{knowledgeCopy.status[document.status]}</Badge>
      <Button size="sm" variant="ghost" aria-label={`${knowledgeCopy.remove} ${document.name}`} onClick={onDelete}>
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}
