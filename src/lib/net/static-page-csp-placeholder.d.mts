/** Types of static-page-csp-placeholder.mjs. */
export const PLACEHOLDER: string;
