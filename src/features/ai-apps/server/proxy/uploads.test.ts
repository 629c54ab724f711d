import { describe, expect, it } from "vitest";
import { checkUpload, uploadRulesFrom } from "./uploads";

const fileOf = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name);
const statusOf = (response: Response | null) => response?.status ?? 200;

describe("upload rules from an app's parameters", () => {
  it("take the families of file_upload, new keys and the legacy image block alike", () => {
    const rules = uploadRulesFrom({ file_upload: { enabled: true, allowed_file_types: ["document"], image: { enabled: true } } });
    expect([...rules.families].sort()).toEqual(["document", "image"]);
    expect(statusOf(checkUpload(fileOf("a.pdf"), rules))).toBe(200);
    expect(statusOf(checkUpload(fileOf("a.png"), rules))).toBe(200);
    expect(statusOf(checkUpload(fileOf("a.mp3"), rules))).toBe(415);
  });

  it("refuse every upload when the app takes no files", () => {
    const rules = uploadRulesFrom({ file_upload: { enabled: false, allowed_file_types: ["image"] }, user_input_form: [{ "text-input": { variable: "q" } }] });
    expect(statusOf(checkUpload(fileOf("a.png"), rules))).toBe(403);
  });

  it("accept what the input form's file variables take, even with file_upload off", () => {
    const rules = uploadRulesFrom({
      file_upload: { enabled: false },
      user_input_form: [
        { file: { variable: "reference", allowed_file_types: ["document"], allowed_file_upload_methods: ["local_file"] } },
        { "file-list": { variable: "extra", allowed_file_types: ["custom"], allowed_file_extensions: [".dwg"] } },
        { file: { variable: "link_only", allowed_file_types: ["video"], allowed_file_upload_methods: ["remote_url"] } },
      ],
    });
    expect(statusOf(checkUpload(fileOf("notes.md"), rules))).toBe(200);
    expect(statusOf(checkUpload(fileOf("plan.dwg"), rules))).toBe(200);
    expect(statusOf(checkUpload(fileOf("clip.mp4"), rules))).toBe(415);
  });

  it("apply the system size limits per family", () => {
    const rules = uploadRulesFrom({ file_upload: { allowed_file_types: ["image", "document"] }, system_parameters: { image_file_size_limit: 1, file_size_limit: 2 } });
    expect(statusOf(checkUpload(fileOf("big.png", 1024 * 1024 + 1), rules))).toBe(413);
    expect(statusOf(checkUpload(fileOf("ok.txt", 1024 * 1024 + 1), rules))).toBe(200);
  });
});
