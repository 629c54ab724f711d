export { AppProviders } from "./components/app-providers";
export { GradientBackground } from "./components/gradient-background";
