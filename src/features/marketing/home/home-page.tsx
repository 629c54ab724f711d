import { HomeAppsPreview } from "./home-apps-preview";
import { HomeCta } from "./home-cta";
import { HomeFeatures } from "./home-features";
import { HomeHero } from "./home-hero";
import { HomeSteps } from "./home-steps";

/** The home page, top to bottom. All server-rendered: no JavaScript of its own. */
export function HomePage() {
  return (
    <>
      <HomeHero />
      <HomeFeatures />
      <HomeSteps />
      <HomeAppsPreview />
      <HomeCta />
    </>
  );
}
