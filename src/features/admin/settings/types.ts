/** The console's view of the compliance settings (src/features/compliance): what it stored, what the environment says. */
export interface ComplianceSettingsView {
  overrides: Partial<ComplianceSettingsValues>;
  env: ComplianceSettingsValues;
}

export interface ComplianceSettingsValues {
  icpNumber: string;
  psbNumber: string;
  genaiFiling: string;
  requirePhoneForAi: boolean;
}
