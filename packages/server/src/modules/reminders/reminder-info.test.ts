import { describe, expect, it } from 'vitest';
import { reminderInfo } from './reminders.presenter.js';

describe('a reminder told in words', () => {
  it('reads naturally in English, one or many', () => {
    const on = { beforeAfterOn: 'on', repeat: true } as const;
    expect(reminderInfo({ ...on, numberOf: 1, unit: 'minutes' }, 'en-GB')).toBe(
      'On the target date, then every minute',
    );
    expect(reminderInfo({ ...on, numberOf: 3, unit: 'days' }, 'en-GB')).toBe(
      'On the target date, then every 3 days',
    );
    expect(
      reminderInfo({ beforeAfterOn: 'before', repeat: false, numberOf: 1, unit: 'hours' }, 'en-GB'),
    ).toBe('1 hour before the target date');
    expect(reminderInfo({ beforeAfterOn: 'after', repeat: false, numberOf: 2, unit: 'weeks' }, 'en-GB')).toBe(
      '2 weeks after the target date',
    );
  });

  it('reads naturally in French, one or many', () => {
    const on = { beforeAfterOn: 'on', repeat: true } as const;
    expect(reminderInfo({ ...on, numberOf: 1, unit: 'minutes' }, 'fr')).toBe(
      'À la date cible, puis toutes les minutes',
    );
    expect(reminderInfo({ ...on, numberOf: 3, unit: 'days' }, 'fr')).toBe(
      'À la date cible, puis tous les 3 jours',
    );
    expect(reminderInfo({ beforeAfterOn: 'before', repeat: false, numberOf: 1, unit: 'years' }, 'fr')).toBe(
      '1 an avant la date cible',
    );
    expect(reminderInfo({ beforeAfterOn: 'after', repeat: false, numberOf: 5, unit: 'hours' }, 'fr')).toBe(
      '5 heures après la date cible',
    );
  });
});
