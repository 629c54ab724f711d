// What src/proxy.ts takes from conversation sharing: the share page's response headers.
export { SHARE_PAGE_HEADERS } from "./share-page-headers";
