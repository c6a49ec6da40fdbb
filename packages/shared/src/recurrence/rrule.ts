import * as rruleModule from 'rrule';

/**
 * The `rrule` package's classes, whichever build arrives: Node reads its CommonJS build (the
 * package has no "exports" map, so named imports fail there) and bundlers its ES build.
 */
const library = (
  'RRule' in rruleModule ? rruleModule : Reflect.get(rruleModule, 'default')
) as typeof rruleModule;

export const { RRule, Frequency } = library;
export type { ByWeekday, Options, Weekday } from 'rrule';
export type RRuleInstance = InstanceType<typeof RRule>;
