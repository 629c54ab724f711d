import { changelogFrontMatterSchema, type ChangelogFrontMatter } from "./front-matter";
import { loadCollection } from "./load-collection";

export type ChangelogEntry = ChangelogFrontMatter & { id: string; body: string };

let cached: ChangelogEntry[] | undefined;

const versionKey = (version: string) => version.split(".").map((part) => part.padStart(6, "0")).join(".");

/** Every changelog entry, newest first (by date, then by version). */
export function getChangelog(): ChangelogEntry[] {
  cached ??= loadCollection("changelog", changelogFrontMatterSchema)
    .map(({ frontMatter, body }) => ({ ...frontMatter, id: `v${frontMatter.version}`, body }))
    .sort((a, b) => b.date.localeCompare(a.date) || versionKey(b.version).localeCompare(versionKey(a.version)));
  return cached;
}
