import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypeScript from "eslint-config-next/typescript";
import { boundaryConfig } from "./eslint.boundaries.mjs";

const config = [
  ...nextCoreWebVitals,
  ...nextTypeScript,
  {
    // src/lib/zod.ts keeps zod from probing eval in the browser (the pages' CSP forbids it).
    ignores: ["src/lib/zod.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "zod", message: "Import { z } from \"@/lib/zod\"." }] }],
    },
  },
  ...boundaryConfig,
  {
    ignores: [".next/**", "node_modules/**", ".data/**", ".e2e-data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
];

export default config;
