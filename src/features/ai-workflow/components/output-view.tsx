"use client";

import { Download, FileText } from "lucide-react";
import { CopyButton, Markdown } from "@/features/ai-runtime";
import { AiContentLabel, withAiLabel } from "@/features/compliance";
import { outputTitle } from "../output-title";

interface FileLike {
  url: string;
  filename?: string;
  name?: string;
  type?: string;
  mime_type?: string;
}

function isFile(value: unknown): value is FileLike {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const item = value as Record<string, unknown>;
  return typeof item.url === "string" && (typeof item.filename === "string" || typeof item.mime_type === "string" || item.dify_model_identity === "__dify__file__");
}

function FileLinks({ files }: { files: FileLike[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {files.map((file, index) => {
        const name = file.filename ?? file.name ?? `文件 ${index + 1}`;
        const image = file.type === "image" || file.mime_type?.startsWith("image/");
        return (
          <li key={`${file.url}-${index}`}>
            {image && (
              // eslint-disable-next-line @next/next/no-img-element -- output files live on the app's host
              <img src={file.url} alt={name} className="mb-1 max-h-64 max-w-full rounded-md border" />
            )}
            <a href={file.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 text-sm text-primary underline underline-offset-2">
              {image ? <Download aria-hidden className="size-4" /> : <FileText aria-hidden className="size-4" />}
              {name}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function OutputValue({ value }: { value: unknown }) {
  if (typeof value === "string") return <Markdown source={value} />;
  if (isFile(value)) return <FileLinks files={[value]} />;
  if (Array.isArray(value) && value.length > 0 && value.every(isFile)) return <FileLinks files={value} />;
  if (typeof value === "number" || typeof value === "boolean") return <p className="font-mono text-sm">{String(value)}</p>;
  if (value === null || value === undefined) return <p className="text-sm text-muted-foreground">（空）</p>;
  return <pre className="overflow-x-auto rounded-lg bg-muted/60 p-3 text-[13px] leading-relaxed">{JSON.stringify(value, null, 2)}</pre>;
}

function asText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

/** The run's outputs: text as markdown, objects as formatted JSON, files as links. */
export function OutputView({ outputs }: { outputs: Record<string, unknown> }) {
  const entries = Object.entries(outputs);
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">这次运行没有输出</p>;
  return (
    <>
      <div className="space-y-4" data-testid="workflow-outputs">
        {entries.map(([key, value]) => (
          <section key={key} className="rounded-xl border bg-card" aria-label={`输出 ${outputTitle(key, entries.length)}`}>
            <div className="flex items-center justify-between border-b px-3 py-1.5">
              <h3 className="text-xs font-medium text-muted-foreground">{outputTitle(key, entries.length)}</h3>
              <CopyButton label={`复制${outputTitle(key, entries.length)}`} getText={() => withAiLabel(asText(value))} />
            </div>
            <div className="p-4">
              <OutputValue value={value} />
            </div>
          </section>
        ))}
      </div>
      <AiContentLabel />
    </>
  );
}
