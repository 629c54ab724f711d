import { describe, expect, it } from "vitest";
import { initialValues, normalizeInputForm, toInputs, validateInputs, visibleFields } from "./input-form";

const raw = [
  { "text-input": { variable: "topic", label: "主题", required: true, max_length: 5 } },
  { paragraph: { variable: "notes", label: "补充说明", required: false } },
  { select: { variable: "audience", label: "读者", required: true, options: ["学生", "职场人士"], default: "职场人士" } },
  { number: { variable: "sections", label: "章节数", required: false, default: "3" } },
  { "external_data_tool": { variable: "extra", label: "外部数据", required: false } },
  { file: { variable: "doc", label: "文档", required: true } },
  { broken: "not an object" },
];

describe("input form", () => {
  const fields = normalizeInputForm(raw);

  it("normalises Dify's one-key controls and renders unknown types as text", () => {
    expect(fields.map((field) => [field.variable, field.type])).toEqual([
      ["topic", "text-input"],
      ["notes", "paragraph"],
      ["audience", "select"],
      ["sections", "number"],
      ["extra", "text-input"],
      ["doc", "file"],
    ]);
    expect(visibleFields(fields).map((field) => field.variable)).not.toContain("doc");
    expect(normalizeInputForm(undefined)).toEqual([]);
  });

  it("starts from the defaults", () => {
    expect(initialValues(fields)).toMatchObject({ topic: "", audience: "职场人士", sections: "3" });
  });

  it("requires required fields and checks length, numbers and options in Chinese", () => {
    const values = { ...initialValues(fields), audience: "" };
    expect(validateInputs(fields, values)).toEqual({ topic: "请填写「主题」", audience: "请选择「读者」" });
    expect(validateInputs(fields, { ...values, topic: "一二三四五六", audience: "老师", sections: "三" })).toEqual({
      topic: "「主题」最多 5 个字",
      audience: "请从选项中选择「读者」",
      sections: "「章节数」必须是数字",
    });
    expect(validateInputs(fields, { ...values, topic: "  ", audience: "学生" })).toEqual({ topic: "请填写「主题」" });
    expect(validateInputs(fields, { ...values, topic: "春天", audience: "学生" })).toEqual({});
  });

  it("builds inputs: numbers as numbers, empty optional fields left out", () => {
    expect(toInputs(fields, { topic: "春天", notes: "", audience: "学生", sections: "4", extra: "" })).toEqual({
      topic: "春天",
      audience: "学生",
      sections: 4,
    });
  });
});

describe("file controls", () => {
  const form = normalizeInputForm([
    { file: { variable: "contract", label: "合同", required: true, allowed_file_types: ["document"], allowed_file_upload_methods: ["local_file"] } },
    { "file-list": { variable: "photos", label: "照片", required: false, allowed_file_types: ["image"], max_length: 4 } },
    { file: { variable: "link", label: "链接", required: false, allowed_file_types: ["video"], allowed_file_upload_methods: ["remote_url"] } },
  ]);
  const ref = (id: string) => ({ type: "document" as const, transfer_method: "local_file" as const, upload_file_id: id });

  it("carry their upload rules; one file for `file`, max_length files for `file-list`", () => {
    expect(form[0]!.fileConfig).toMatchObject({ allowed_file_types: ["document"], number_limits: 1 });
    expect(form[1]!.fileConfig).toMatchObject({ allowed_file_types: ["image"], number_limits: 4 });
    expect(form[1]!.maxLength).toBeUndefined();
  });

  it("are shown unless they only take links", () => {
    expect(visibleFields(form).map((field) => field.variable)).toEqual(["contract", "photos"]);
  });

  it("ask for a required file and wait for uploads to finish", () => {
    const values = initialValues(form);
    expect(values.contract).toEqual({ refs: [], uploading: false });
    expect(validateInputs(form, values)).toEqual({ contract: "请上传「合同」" });
    expect(validateInputs(form, { ...values, contract: { refs: [], uploading: true } })).toEqual({ contract: "「合同」还在上传，请稍候" });
    expect(validateInputs(form, { ...values, contract: { refs: [ref("a")], uploading: false } })).toEqual({});
  });

  it("send one file object for `file` and a list for `file-list`, nothing when empty", () => {
    const values = { ...initialValues(form), contract: { refs: [ref("a")], uploading: false }, photos: { refs: [ref("b"), ref("c")], uploading: false } };
    expect(toInputs(form, values)).toEqual({ contract: ref("a"), photos: [ref("b"), ref("c")] });
    expect(toInputs(form, { ...values, photos: { refs: [], uploading: false } })).toEqual({ contract: ref("a") });
  });
});
