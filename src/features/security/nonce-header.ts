/** Request header through which the proxy hands this request's CSP nonce to the root layout. */
export const NONCE_HEADER = "x-nonce";
