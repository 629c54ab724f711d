import "server-only";

// Marketing pages (server components) and build-time helpers.
export { AiShowcase } from "./ai-showcase";
export { listShowcaseApps } from "./ai-apps-source";
export { followListingChanges, isOwnRevalidationRequest, revalidateListings, revalidateListingsInThisProcess, revalidateSiteWide } from "./listing-revalidation";
export { HomePage } from "./home/home-page";
export { renderOgImage } from "./og-image";
export { renderAppIcon } from "./app-icon";
export { listSitePages, type SitePage } from "./site-pages";
export { absoluteUrl, siteUrl } from "./site-url";
export { listPublicPrices, PublicPriceList, type PublicPrice } from "./public-prices";
