import { appConfig } from "@/config/app";

const keyFor = (path: string) => `spark:reload-guard:${path}`;

/**
 * Reloads the page unless the same path was reloaded this way less than `reloadGuardMs` ago
 * (SPEC §2, §9), so a chunk that keeps failing cannot trap the visitor in a reload loop.
 * Returns whether a reload was started.
 */
export function reloadOnce(
  path: string = window.location.pathname,
  storage: Pick<Storage, "getItem" | "setItem"> = window.sessionStorage,
  reload: () => void = () => window.location.reload(),
  now: number = Date.now(),
): boolean {
  const last = storage.getItem(keyFor(path));
  if (last !== null && now - Number(last) < appConfig.reloadGuardMs) return false;
  storage.setItem(keyFor(path), String(now));
  reload();
  return true;
}
