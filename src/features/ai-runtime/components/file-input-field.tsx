"use client";

import { Upload } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import type { FileFieldValue, FormField } from "../input-form";
import type { DifySystemParameters } from "../types";
import { acceptAttribute, maxFiles } from "../upload";
import { useUploads } from "../use-uploads";
import { PendingFiles } from "./pending-files";

const tooManyForField = (limit: number) => `这里最多上传 ${limit} 个文件`;

type FileInputFieldProps = {
  appid: string;
  field: FormField;
  system: DifySystemParameters | undefined;
  /** The id the field's label points at (the pick button). */
  id: string;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
  onChange: (value: FileFieldValue) => void;
};

/** A `file` / `file-list` input of the app's form: pick, upload through the proxy with progress, remove. */
export function FileInputField({ appid, field, system, id, disabled, describedBy, invalid, onChange }: FileInputFieldProps) {
  const uploads = useUploads(appid, field.fileConfig, system, tooManyForField);
  const picker = useRef<HTMLInputElement>(null);
  const limit = maxFiles(field.fileConfig);
  const full = uploads.files.length >= limit;

  // The form keeps only the finished uploads and the "still uploading" flag; report when they change.
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });
  const readyIds = uploads.refs.map((ref) => ref.upload_file_id).join(",");
  const { refs, uploading } = uploads;
  useEffect(() => {
    report.current({ refs, uploading });
    // refs is a new array each render: readyIds says when its content changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readyIds, uploading]);

  return (
    <div className="grid gap-2">
      <input
        ref={picker}
        type="file"
        hidden
        multiple={field.type === "file-list"}
        accept={acceptAttribute(field.fileConfig) || undefined}
        data-variable={field.variable}
        onChange={(event) => {
          if (event.target.files) uploads.add(event.target.files);
          event.target.value = ""; // the same file may be picked again after removing it
        }}
      />
      <Button
        id={id}
        type="button"
        variant="outline"
        className="w-fit"
        disabled={disabled || full}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onClick={() => picker.current?.click()}
      >
        <Upload aria-hidden className="size-4" />
        {field.type === "file-list" ? `选择文件（最多 ${limit} 个）` : "选择文件"}
      </Button>
      <PendingFiles label={`「${field.label}」的文件`} files={uploads.files} onRemove={uploads.remove} />
    </div>
  );
}
