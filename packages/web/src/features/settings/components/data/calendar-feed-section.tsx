/** The Data tab's calendar feed section. */
export function CalendarFeedSection() {
  return null;
}
