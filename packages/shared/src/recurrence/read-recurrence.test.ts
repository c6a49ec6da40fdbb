import { describe, expect, it } from 'vitest';
import { readRecurrence } from './read-recurrence.js';
import { recurrenceRuleError } from './recurrence-rule.js';

const rule = (text: string) => readRecurrence(text)?.rule ?? null;

/** Phrase → the RRULE it stands for. */
const ENGLISH: [string, string][] = [
  ['every Monday', 'FREQ=WEEKLY;BYDAY=MO'],
  ['every monday', 'FREQ=WEEKLY;BYDAY=MO'],
  ['every Mondays', 'FREQ=WEEKLY;BYDAY=MO'],
  ['every mon', 'FREQ=WEEKLY;BYDAY=MO'],
  ['every Tuesday and Thursday', 'FREQ=WEEKLY;BYDAY=TU,TH'],
  ['every Monday, Wednesday and Friday', 'FREQ=WEEKLY;BYDAY=MO,WE,FR'],
  ['every Sunday', 'FREQ=WEEKLY;BYDAY=SU'],
  ['every other Friday', 'FREQ=WEEKLY;BYDAY=FR;INTERVAL=2'],
  ['every day', 'FREQ=DAILY'],
  ['every 3 days', 'FREQ=DAILY;INTERVAL=3'],
  ['every other day', 'FREQ=DAILY;INTERVAL=2'],
  ['every week', 'FREQ=WEEKLY'],
  ['every 2 weeks', 'FREQ=WEEKLY;INTERVAL=2'],
  ['every two weeks', 'FREQ=WEEKLY;INTERVAL=2'],
  ['every other week', 'FREQ=WEEKLY;INTERVAL=2'],
  ['every 2 weeks on Monday', 'FREQ=WEEKLY;BYDAY=MO;INTERVAL=2'],
  ['every month', 'FREQ=MONTHLY'],
  ['every 3 months', 'FREQ=MONTHLY;INTERVAL=3'],
  ['every year', 'FREQ=YEARLY'],
  ['every 2 years', 'FREQ=YEARLY;INTERVAL=2'],
  ['every weekday', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
  ['every weekend', 'FREQ=WEEKLY;BYDAY=SA,SU'],
  ['every month on the 15th', 'FREQ=MONTHLY;BYMONTHDAY=15'],
  ['every month on the 1st', 'FREQ=MONTHLY;BYMONTHDAY=1'],
  ['every 2 months on the 3rd', 'FREQ=MONTHLY;BYMONTHDAY=3;INTERVAL=2'],
  ['every 15th', 'FREQ=MONTHLY;BYMONTHDAY=15'],
  ['every 22nd of the month', 'FREQ=MONTHLY;BYMONTHDAY=22'],
  ['on the 15th of every month', 'FREQ=MONTHLY;BYMONTHDAY=15'],
  ['the 1st of each month', 'FREQ=MONTHLY;BYMONTHDAY=1'],
  ['every last Friday', 'FREQ=MONTHLY;BYDAY=-1FR'],
  ['every first Monday of the month', 'FREQ=MONTHLY;BYDAY=1MO'],
  ['every 2nd Tuesday', 'FREQ=MONTHLY;BYDAY=2TU'],
  ['every month on the last day', 'FREQ=MONTHLY;BYMONTHDAY=-1'],
  ['on the last day of every month', 'FREQ=MONTHLY;BYMONTHDAY=-1'],
];

const FRENCH: [string, string][] = [
  ['tous les lundis', 'FREQ=WEEKLY;BYDAY=MO'],
  ['Tous les lundis', 'FREQ=WEEKLY;BYDAY=MO'],
  ['chaque lundi', 'FREQ=WEEKLY;BYDAY=MO'],
  ['tous les mardis et jeudis', 'FREQ=WEEKLY;BYDAY=TU,TH'],
  ['chaque mardi et jeudi', 'FREQ=WEEKLY;BYDAY=TU,TH'],
  ['tous les lundis, mercredis et vendredis', 'FREQ=WEEKLY;BYDAY=MO,WE,FR'],
  ['tous les dimanches', 'FREQ=WEEKLY;BYDAY=SU'],
  ['un vendredi sur deux', 'FREQ=WEEKLY;BYDAY=FR;INTERVAL=2'],
  ['tous les jours', 'FREQ=DAILY'],
  ['chaque jour', 'FREQ=DAILY'],
  ['tous les 3 jours', 'FREQ=DAILY;INTERVAL=3'],
  ['tous les deux jours', 'FREQ=DAILY;INTERVAL=2'],
  ['toutes les semaines', 'FREQ=WEEKLY'],
  ['chaque semaine', 'FREQ=WEEKLY'],
  ['toutes les 2 semaines', 'FREQ=WEEKLY;INTERVAL=2'],
  ['toutes les deux semaines', 'FREQ=WEEKLY;INTERVAL=2'],
  ['une semaine sur deux', 'FREQ=WEEKLY;INTERVAL=2'],
  ['toutes les 2 semaines le lundi', 'FREQ=WEEKLY;BYDAY=MO;INTERVAL=2'],
  ['tous les mois', 'FREQ=MONTHLY'],
  ['chaque mois', 'FREQ=MONTHLY'],
  ['tous les 3 mois', 'FREQ=MONTHLY;INTERVAL=3'],
  ['tous les ans', 'FREQ=YEARLY'],
  ['chaque année', 'FREQ=YEARLY'],
  ['tous les jours de semaine', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
  ['tous les jours ouvrés', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
  ['tous les week-ends', 'FREQ=WEEKLY;BYDAY=SA,SU'],
  ['le 15 de chaque mois', 'FREQ=MONTHLY;BYMONTHDAY=15'],
  ['le 1er de chaque mois', 'FREQ=MONTHLY;BYMONTHDAY=1'],
  ['le premier de chaque mois', 'FREQ=MONTHLY;BYMONTHDAY=1'],
  ['le 5 de tous les mois', 'FREQ=MONTHLY;BYMONTHDAY=5'],
  ['tous les 15 du mois', 'FREQ=MONTHLY;BYMONTHDAY=15'],
  ['chaque mois le 10', 'FREQ=MONTHLY;BYMONTHDAY=10'],
  ['chaque dernier vendredi', 'FREQ=MONTHLY;BYDAY=-1FR'],
  ['chaque premier lundi du mois', 'FREQ=MONTHLY;BYDAY=1MO'],
  ['tous les derniers vendredis du mois', 'FREQ=MONTHLY;BYDAY=-1FR'],
  ['le dernier vendredi de chaque mois', 'FREQ=MONTHLY;BYDAY=-1FR'],
  ['le dernier jour de chaque mois', 'FREQ=MONTHLY;BYMONTHDAY=-1'],
];

/** Ordinary text that must stay as typed. */
const NOT_RULES = [
  'Everyone loves Monday',
  'every time I call',
  'every one of them',
  'every 3 kids',
  'everything matters',
  'Daily stand-up notes',
  'Weekly report',
  'Monthly budget',
  'every',
  'Monday',
  'every 2 week',
  'every Mondayish',
  '#every Monday box',
  'tous les enfants',
  'toutes les pommes',
  'chaque fois',
  'le 15 du mois',
  'lundi',
  'tous les',
  'tous les semaines',
  'toutes les mois',
  'chaque lundis',
  'tous les lundi',
  'le 15 mars',
];

describe('readRecurrence', () => {
  it.each(ENGLISH)('reads "%s" in English', (phrase, expected) => {
    expect(rule(phrase)).toBe(expected);
    expect(rule(`Water the plants ${phrase}`)).toBe(expected);
    expect(recurrenceRuleError(expected)).toBeNull();
  });

  it.each(FRENCH)('reads "%s" in French', (phrase, expected) => {
    expect(rule(phrase)).toBe(expected);
    expect(rule(`Payer le loyer ${phrase}`)).toBe(expected);
    expect(recurrenceRuleError(expected)).toBeNull();
  });

  it('covers at least 30 phrases per language', () => {
    expect(ENGLISH.length).toBeGreaterThanOrEqual(30);
    expect(FRENCH.length).toBeGreaterThanOrEqual(30);
  });

  it.each(NOT_RULES)('leaves "%s" as typed', (text) => {
    expect(readRecurrence(text)).toBeNull();
  });

  it('says where the phrase is, with the time written after it', () => {
    expect(readRecurrence('Water the plants every Monday')).toMatchObject({
      start: 17,
      end: 29,
      text: 'every Monday',
      fromCompletion: false,
    });
    expect(readRecurrence('Gym every Monday at 7pm please')).toMatchObject({
      text: 'every Monday at 7pm',
      time: { hour: 19, minute: 0 },
    });
    expect(readRecurrence('Sport tous les lundis à 18h30')).toMatchObject({
      text: 'tous les lundis à 18h30',
      time: { hour: 18, minute: 30 },
    });
    // "at 5" alone is a number, not a time.
    expect(readRecurrence('every Monday at 5')).toMatchObject({ text: 'every Monday' });
  });

  it('reads `every!` as counting from the completion', () => {
    expect(readRecurrence('Haircut every! 6 weeks')).toMatchObject({
      rule: 'FREQ=WEEKLY;INTERVAL=6',
      fromCompletion: true,
    });
  });

  it('leaves out parts taken by something else, and readings kept as text', () => {
    expect(readRecurrence('every Monday', { taken: [{ start: 6, end: 12 }] })).toBeNull();
    expect(
      readRecurrence('every Monday', { isLiteral: (range) => range.text === 'every Monday' }),
    ).toBeNull();
  });
});
