import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypeScript from "eslint-config-next/typescript";
import { boundaryConfig } from "./eslint.boundaries.mjs";

const config = [
  ...nextCoreWebVitals,
  ...nextTypeScript,
  {
    // src/lib/zod.ts keeps zod from probing eval in the browser (the pages' CSP forbids it);
    // src/components/link.tsx prefetches a link's page on intent rather than on sight.
    ignores: ["src/lib/zod.ts", "src/components/link.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "zod", message: "Import { z } from \"@/lib/zod\"." },
            { name: "next/link", message: "Import { Link } from \"@/components/link\": it prefetches on intent, not on sight." },
          ],
        },
      ],
    },
  },
  ...boundaryConfig,
  {
    // The process's AI proxy is built in one place, with the quota check (features/ai-call).
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/features/ai-call/server/ai-proxy.ts", "src/**/*.test.{ts,tsx}", "src/features/ai-apps/server/proxy/testing.ts"],
    rules: {
      "no-restricted-syntax": ["error", { selector: "ImportSpecifier[imported.name='createDifyProxy']", message: "Use getAiProxy() from \"@/features/ai-call/server\": it carries the quota check." }],
    },
  },
  {
    ignores: [".next/**", "node_modules/**", ".data/**", ".e2e-data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
];

export default config;
