import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The house's import rules (eslint.boundaries.mjs) through ESLint itself, on source text placed where
// a real file would be: a forbidden import must be reported, the allowed way must not.
const root = fileURLToPath(new URL("..", import.meta.url));
let eslint: ESLint;
beforeAll(() => {
  // no-cycle reads the linted file from disk, and these probes exist only as text.
  eslint = new ESLint({ cwd: root, overrideConfig: { rules: { "import/no-cycle": "off" } } });
});

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${root}${filePath}` });
  return result!.messages.filter((message) => message.ruleId === "import/no-restricted-paths").map((message) => message.message);
}

describe("import boundaries (npm run lint)", () => {
  it("reports a feature's internal file imported from another feature, and allows its server.ts", async () => {
    const internal = `import { checkSession } from "@/features/auth/session-check";\nexport const probe = checkSession;\n`;
    expect(await boundaryErrors("src/features/notes/boundary-probe.ts", internal)).toEqual([expect.stringContaining("index.ts (client-safe) or server.ts")]);
    const throughServer = `import { checkSession } from "@/features/auth/server";\nexport const probe = checkSession;\n`;
    expect(await boundaryErrors("src/features/notes/boundary-probe.ts", throughServer)).toEqual([]);
  });

  it("reports a feature imported from src/lib (the floor)", async () => {
    const upward = `import { getAiProxy } from "@/features/ai-call/server";\nexport const probe = getAiProxy;\n`;
    expect(await boundaryErrors("src/lib/boundary-probe.ts", upward)).toEqual([expect.stringContaining("src/lib, src/components and src/config are the floor")]);
  });

  it("reports the composition root imported from a feature", async () => {
    const intoRoot = `import "@/server/startup";\n`;
    expect(await boundaryErrors("src/features/notes/boundary-probe.ts", intoRoot)).toEqual([expect.stringContaining("composition root")]);
  });

  it("reports next/link used directly: links go through @/components/link, which prefetches on intent", async () => {
    const [result] = await eslint.lintText(`import NextLink from "next/link";\nexport const probe = NextLink;\n`, { filePath: `${root}src/features/notes/boundary-probe.tsx` });
    expect(result!.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message)).toEqual([expect.stringContaining("@/components/link")]);
    const [allowed] = await eslint.lintText(`import { Link } from "@/components/link";\nexport const probe = Link;\n`, { filePath: `${root}src/features/notes/boundary-probe.tsx` });
    expect(allowed!.messages.filter((message) => message.ruleId === "no-restricted-imports")).toEqual([]);
  });

  it("reports the app imported from an embedded service", async () => {
    const intoApp = `import { getAiProxy } from "@/features/ai-call/server";\nexport const probe = getAiProxy;\n`;
    expect(await boundaryErrors("src/embedded/dify/boundary-probe.ts", intoApp)).toEqual(
      expect.arrayContaining([expect.stringContaining("An embedded service stands alone")]),
    );
  });
});
