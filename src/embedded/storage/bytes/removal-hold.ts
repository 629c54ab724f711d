import { processSingleton } from "@/lib/process-singleton";

/**
 * Lets a backup of the running app hold back the removal of object bytes on local disk: from just
 * before the database dump until the files are copied, every object the dump can reference must
 * still be on disk. Removals asked for meanwhile are queued and run when the last hold is released.
 * Writes need no hold: every upload, overwrite and copy is a new file under a fresh version id,
 * written to `tmp/` and renamed into place (DiskStore), so a copy only ever sees complete files, and
 * the files of rows newer than the dump are merely unreferenced extras in the backup.
 * One per process (processSingleton): the backup and the storage service are different modules.
 */
interface RemovalHoldState {
  holds: number;
  queued: Array<() => Promise<void>>;
}

function state(): RemovalHoldState {
  return processSingleton<RemovalHoldState>("sparkai.storage.removal-hold", () => ({ holds: 0, queued: [] }));
}

/** Runs `remove` now, or once no hold is active. Resolves when the removal is queued or done. */
export async function removeUnlessHeld(remove: () => Promise<void>): Promise<void> {
  const current = state();
  if (current.holds > 0) current.queued.push(remove);
  else await remove();
}

/** Holds removals until the returned release is called (once; later calls do nothing). */
export function holdByteRemovals(): () => Promise<void> {
  const current = state();
  current.holds += 1;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    current.holds -= 1;
    if (current.holds > 0) return;
    const queued = current.queued.splice(0);
    // A failed removal leaves an unreferenced file behind, as it would have without the hold.
    await Promise.allSettled(queued.map((remove) => remove()));
  };
}
