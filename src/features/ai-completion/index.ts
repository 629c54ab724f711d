// The text generation page of an AI app (client components; the route loads the app and renders `CompletionApp`).
export { CompletionApp } from "./components/completion-app";
