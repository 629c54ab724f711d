import { PHASE_PRODUCTION_BUILD } from "next/constants";

/**
 * Whether this code runs inside `next build` (prerendering). The prerendered listings open no
 * database then: the build's workers would contend for PGlite's one-owner lock, and a deployment's
 * build often has no database at all. They render configuration / seed data, refreshed from the
 * database by the first revalidation (`revalidate` or a console change).
 */
export function isBuildPhase(): boolean {
  return process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD;
}
