// Compliance (client-safe): the AI-content label (GB 45438-2025), filings' links, the phone step's copy.
export { AI_CONTENT_LABEL, AI_CONTENT_PRODUCER, AI_LABEL_HEADER, AI_SPOKEN_NOTICE, aigcMetadata, withAiLabel, withSpokenAiNotice, type AigcMetadata } from "./ai-label";
export { hasFilings, MIIT_FILING_URL, psbFilingUrl, type SiteFilings } from "./filings";
export { BIND_PHONE_PATH, PHONE_REQUIRED_CODE, PHONE_REQUIRED_MESSAGE } from "./phone-required";
export { AiContentLabel } from "./components/ai-content-label";
export { FilingLinks } from "./components/filing-links";
