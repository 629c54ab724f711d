import "server-only";

export { getAdminOverview, type AdminOverview, type OverviewFigures } from "./server/overview";
