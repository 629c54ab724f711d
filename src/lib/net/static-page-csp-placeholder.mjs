// @ts-check
/**
 * The source keyword the proxy puts in a static page's script-src, for server.mjs to replace with the
 * page's script hashes (static-page-csp.mjs). Its own file: the proxy's bundle needs no node:fs.
 */
export const PLACEHOLDER = "'spark-static-page-script-hashes'";
