/** The Data tab's api tokens section. */
export function ApiTokensSection() {
  return null;
}
