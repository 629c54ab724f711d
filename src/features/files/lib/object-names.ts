// Object keys vs. the names people see. Hosted Supabase Storage accepts only an ASCII set in keys
// (`报告.pdf` is refused with InvalidKey), so every name is stored in a reversible ASCII form:
// letters, digits, space and `_.()-` stay as they are, any other character becomes its UTF-8 bytes
// written `!XX`. The encoding works character by character, so it keeps prefixes (prefix search works
// on encoded names) and needs no extra request to show the original name.

const KEPT_CHARACTER = /^[A-Za-z0-9 _.()-]$/;
const ESCAPED_BYTE = /!([0-9A-Fa-f]{2})/g;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const encoder = new TextEncoder();

/** The placeholder object that keeps an otherwise empty folder alive (as Supabase's dashboard does). */
export const EMPTY_FOLDER_PLACEHOLDER = ".emptyFolderPlaceholder";

/** Longest encoded segment we create (S3 and most file systems stop at 255). */
export const MAX_SEGMENT_LENGTH = 255;

/** The key segment for a name people see (`报告.pdf` → `!E6!8A!A5!E5!91!8A.pdf`). */
export function encodeKeySegment(name: string): string {
  let encoded = "";
  for (const character of name) {
    if (KEPT_CHARACTER.test(character)) {
      encoded += character;
      continue;
    }
    for (const byte of encoder.encode(character)) encoded += `!${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return encoded;
}

/** The name people see for a key segment; segments not made by `encodeKeySegment` come back unchanged. */
export function decodeKeySegment(segment: string): string {
  if (!segment.includes("!")) return segment;
  try {
    return decodeURIComponent(segment.replace(/%/g, "%25").replace(ESCAPED_BYTE, "%$1"));
  } catch {
    return segment; // not valid UTF-8 after all: a key someone else wrote with a literal `!`
  }
}

/** Why a file or folder name typed by the user cannot be used, or null when it can. */
export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === "") return "请输入名称";
  if (trimmed.includes("/")) return "名称不能包含“/”";
  if (trimmed === "." || trimmed === "..") return "名称不能是“.”或“..”";
  if (CONTROL_CHARACTERS.test(trimmed)) return "名称不能包含控制字符";
  if (trimmed === EMPTY_FOLDER_PLACEHOLDER) return "这个名称是系统保留的";
  if (encodeKeySegment(trimmed).length > MAX_SEGMENT_LENGTH) return "名称太长了，请缩短一些";
  return null;
}
