/** The Data tab's export section. */
export function ExportSection() {
  return null;
}
