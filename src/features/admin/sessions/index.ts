// Client-safe surface of the user page's 会话 card. Server side: "./server".
export { SignOutEverywhereButton } from "./components/sign-out-everywhere-button";
export { sessionsCopy } from "./copy";
