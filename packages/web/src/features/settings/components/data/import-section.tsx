/** The Data tab's import section. */
export function ImportSection() {
  return null;
}
