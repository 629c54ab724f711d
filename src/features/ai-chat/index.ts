// The chat page of an AI app (client components; the route loads the app and renders `ChatApp`).
export { ChatApp } from "./components/chat-app";
// The 引用 of an answer, for pages that show stored answers again (a share page).
export { Citations } from "./components/citations";
