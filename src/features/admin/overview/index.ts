// Client-safe surface of the console's 概览. Server side: "./server".
export { OverviewTiles } from "./components/overview-tiles";
export { overviewCopy } from "./copy";
