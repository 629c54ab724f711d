export { ColorModeProvider } from "./components/color-mode-provider";
export { PRE_PAINT_SCRIPT } from "./pre-paint-script";
export { PrePaintScriptTag } from "./pre-paint-script-tag";
export {
  COLOR_MODE_STORAGE_KEY,
  forcedColorModeFor,
  type ColorMode,
  type ColorModePreference,
} from "./forced-modes";
