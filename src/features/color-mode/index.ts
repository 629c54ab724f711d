export { ColorModeProvider } from "./components/color-mode-provider";
export {
  COLOR_MODE_STORAGE_KEY,
  forcedColorModeFor,
  type ColorMode,
  type ColorModePreference,
} from "./forced-modes";
