// The house's import rules, checked by ESLint (docs/architecture.md, "Folders"). A rule written
// here is one nobody has to remember:
// - a feature is reached from outside only through its public files: `index.ts(x)` (client-safe),
//   `server.ts` (server-only) and `proxy.ts` (for src/proxy.ts, whose bundle lacks the server-only
//   condition); the console's sections (features/admin/<section>/) have their own. Routes may also
//   import a feature's page components (`components/*.tsx`), so a page bundles only its own islands;
//   test tooling may use a feature's test kit (`testing.ts`, `testing/`); scripts/ are tools, unchecked;
// - src/lib, src/components and src/config are the floor: no feature, route or composition root is
//   imported there;
// - an embedded service stands alone: it knows nothing of the app that mounts it;
// - features never import the routes or the composition root (src/server), which wire them together;
// - no import cycles.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const FEATURES = readdirSync(path.join(root, "src/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The rule matches `except` globs against absolute paths (`target` and `from` are resolved for us).
const featureFiles = (...globs) => globs.flatMap((glob) => [`${root}/src/features/*/${glob}`, `${root}/src/features/admin/*/${glob}`]);
const PUBLIC_FILES = featureFiles("{index.ts,index.tsx,server.ts,proxy.ts}");
const PAGE_COMPONENTS = featureFiles("components/*.tsx");
const TEST_KITS = featureFiles("testing.ts", "**/testing/**", "**/testing.ts");
const FEATURE_MESSAGE = "Import another feature only through its index.ts (client-safe) or server.ts (server-only).";

const zones = [
  // Each feature, towards every other feature.
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}/**`,
    from: [`./src/features/!(${feature})/**`],
    except: [...PUBLIC_FILES, ...TEST_KITS],
    message: FEATURE_MESSAGE,
  })),
  // The routes: public files and page components.
  {
    target: ["./src/app/**"],
    from: ["./src/features/**"],
    except: [...PUBLIC_FILES, ...PAGE_COMPONENTS, ...TEST_KITS],
    message: `${FEATURE_MESSAGE} Pages may import its components/*.tsx.`,
  },
  // Everything else outside the features.
  {
    target: ["./src/!(features|app)/**", "./src/*.ts"],
    from: ["./src/features/**"],
    except: PUBLIC_FILES,
    message: FEATURE_MESSAGE,
  },
  {
    target: ["./src/lib/**", "./src/components/**", "./src/config/**"],
    from: ["./src/features", "./src/app", "./src/server", "./src/proxy.ts"],
    message: "src/lib, src/components and src/config are the floor: they import no feature, route or the composition root (src/server).",
  },
  {
    target: ["./src/embedded/**"],
    from: ["./src/features", "./src/app", "./src/server", "./src/proxy.ts"],
    message: "An embedded service stands alone: it knows nothing of the app that mounts it.",
  },
  {
    target: ["./src/features/**"],
    from: ["./src/app", "./src/server", "./src/proxy.ts"],
    message: "Features are wired together by the composition root (src/server) and the routes, never the other way round.",
  },
];

/** Flat-config entries: the zones above and no cycles, for source files (tests may reach anywhere). */
export const boundaryConfig = [
  {
    // Not scripts/: operator tools import the one module they need (a barrel would load the UI with it).
    files: ["src/**/*.{ts,tsx,mjs}"],
    ignores: ["**/*.test.{ts,tsx}", "**/*test-kit.ts", "**/testing.ts", "**/testing/**"],
    // no-cycle follows imports: never into node_modules (slow, and not ours to judge).
    settings: { "import/ignore": ["node_modules"] },
    rules: {
      "import/no-restricted-paths": ["error", { zones }],
      "import/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
];
