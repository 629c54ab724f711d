export { accountDeletionSchema, type AccountDeletionInput } from "./schemas";
export { PersonalDataSection } from "./components/personal-data-section";
