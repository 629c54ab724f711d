// The chat page of an AI app (client components; the route loads the app and renders `ChatApp`).
export { ChatApp } from "./components/chat-app";
