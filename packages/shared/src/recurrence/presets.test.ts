import { describe, expect, it } from 'vitest';
import { defaultPreset, presetOf, presetRule, type RecurrencePreset } from './presets.js';
import { recurrenceRuleError } from './recurrence-rule.js';

const base = defaultPreset();

describe('repeat presets', () => {
  it.each<[Partial<RecurrencePreset>, string]>([
    [{ kind: 'daily' }, 'FREQ=DAILY'],
    [{ kind: 'weekdays' }, 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    [{ kind: 'weekly', weekdays: ['FR', 'MO'] }, 'FREQ=WEEKLY;BYDAY=MO,FR'],
    [{ kind: 'monthlyDay', monthDay: 15 }, 'FREQ=MONTHLY;BYMONTHDAY=15'],
    [{ kind: 'monthlyLast' }, 'FREQ=MONTHLY;BYMONTHDAY=-1'],
    [{ kind: 'yearly' }, 'FREQ=YEARLY'],
    [{ kind: 'interval', interval: 3, unit: 'DAILY' }, 'FREQ=DAILY;INTERVAL=3'],
    [{ kind: 'interval', interval: 2, unit: 'WEEKLY' }, 'FREQ=WEEKLY;INTERVAL=2'],
    [{ kind: 'interval', interval: 6, unit: 'MONTHLY' }, 'FREQ=MONTHLY;INTERVAL=6'],
    [{ kind: 'daily', end: { kind: 'count', count: 5 } }, 'FREQ=DAILY;COUNT=5'],
    [{ kind: 'yearly', end: { kind: 'until', day: '2030-12-31' } }, 'FREQ=YEARLY;UNTIL=20301231T235959Z'],
  ])('%o is %s, a valid rule that reads back as the same preset', (changes, rule) => {
    const preset = { ...base, ...changes };
    expect(presetRule(preset)).toBe(rule);
    expect(recurrenceRuleError(rule)).toBeNull();
    const back = presetOf(rule);
    expect(back?.kind).toBe(preset.kind);
    expect(back && presetRule(back)).toBe(rule);
  });

  it('keeps any other rule as custom, without its end', () => {
    expect(presetOf('FREQ=MONTHLY;BYDAY=-1FR;COUNT=3')).toMatchObject({
      kind: 'custom',
      custom: 'FREQ=MONTHLY;BYDAY=-1FR',
      end: { kind: 'count', count: 3 },
    });
    expect(presetOf('not a rule')).toBeNull();
  });
});
