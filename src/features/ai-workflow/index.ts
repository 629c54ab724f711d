// The workflow page of an AI app (client components; the route loads the app and renders `WorkflowApp`).
export { WorkflowApp } from "./components/workflow-app";
