import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { boxQueryAt, type CaptureInput, parseCapture, shiftLiterals } from './parse-capture';

/** Fixed moments, each in its zone: the eves of the DST changes, and an ordinary morning. */
const NOW = {
  /** Saturday 28 March 2026, 23:30 in Paris (CET); clocks go forward at 02:00 that night. */
  parisSpring: { now: Date.UTC(2026, 2, 28, 22, 30), timeZone: 'Europe/Paris' },
  /** Saturday 24 October 2026, 23:30 in Paris (CEST); clocks go back at 03:00 that night. */
  parisAutumn: { now: Date.UTC(2026, 9, 24, 21, 30), timeZone: 'Europe/Paris' },
  /** Saturday 28 March 2026, 23:30 in London (GMT); BST starts at 01:00 that night. */
  londonSpring: { now: Date.UTC(2026, 2, 28, 23, 30), timeZone: 'Europe/London' },
  /** Saturday 24 October 2026, 23:30 in London (BST); back to GMT at 02:00 that night. */
  londonAutumn: { now: Date.UTC(2026, 9, 24, 22, 30), timeZone: 'Europe/London' },
  /** Saturday 28 March 2026, 23:30 in Tokyo, which has no DST. */
  tokyo: { now: Date.UTC(2026, 2, 28, 14, 30), timeZone: 'Asia/Tokyo' },
  /** Wednesday 10 June 2026, 10:00 in Paris. */
  june: { now: Date.UTC(2026, 5, 10, 8, 0), timeZone: 'Europe/Paris' },
} as const;

type Moment = keyof typeof NOW;

/** phrase, moment, expected local date ('yyyy-MM-dd HH:mm' with a time, 'yyyy-MM-dd' for a day, null: none), expected title. */
type Row = [string, Moment, string | null, string];

/** What the parser reads, as the person would see it in their zone. */
function read(text: string, moment: Moment, locale: CaptureInput['locale']) {
  const { now, timeZone } = NOW[moment];
  const parsed = parseCapture({ text, locale, timeZone, now });
  const date = parsed.tokens.find((token) => token.kind === 'date');
  const local =
    date?.kind === 'date'
      ? format(new TZDate(date.at, timeZone), date.hasTime ? 'yyyy-MM-dd HH:mm' : 'yyyy-MM-dd')
      : null;
  return { local, title: parsed.title, parsed };
}

const ENGLISH: Row[] = [
  ['Buy milk tomorrow 9am', 'parisSpring', '2026-03-29 09:00', 'Buy milk'],
  ['tomorrow 9am', 'parisAutumn', '2026-10-25 09:00', ''],
  ['tomorrow 9am', 'londonSpring', '2026-03-29 09:00', ''],
  ['tomorrow 9am', 'londonAutumn', '2026-10-25 09:00', ''],
  ['tomorrow 9am', 'tokyo', '2026-03-29 09:00', ''],
  ['tomorrow 9am', 'june', '2026-06-11 09:00', ''],
  ['Renew passport next Friday', 'june', '2026-06-19', 'Renew passport'],
  ['next Friday', 'parisSpring', '2026-04-03', ''],
  ['Call Anna in 3 days', 'parisSpring', '2026-03-31', 'Call Anna'],
  ['in 3 days', 'londonAutumn', '2026-10-27', ''],
  ['Pay rent on 12 March', 'june', '2027-03-12', 'Pay rent'],
  ['Pay rent on 12 June', 'june', '2026-06-12', 'Pay rent'],
  ['Call Anna about the 3 kids', 'june', null, 'Call Anna about the 3 kids'],
  ['Meet at 5', 'june', null, 'Meet at 5'],
  ['Sun is hot', 'june', null, 'Sun is hot'],
  ['Wed', 'june', null, 'Wed'],
  ['Book March issue', 'june', null, 'Book March issue'],
  ['Buy 2 eggs', 'june', null, 'Buy 2 eggs'],
  ['Fix room 101 door', 'june', null, 'Fix room 101 door'],
  ['Read 3 days of mail', 'june', null, 'Read 3 days of mail'],
  ['Dentist Monday', 'parisSpring', '2026-03-30', 'Dentist'],
  ['Lunch tomorrow at noon', 'parisSpring', '2026-03-29 12:00', 'Lunch'],
  ['Report due by Friday 5pm', 'parisSpring', '2026-04-03 17:00', 'Report due'],
  ['Buy cake for Saturday', 'june', '2026-06-13', 'Buy cake'],
  ['in 2 weeks', 'parisSpring', '2026-04-11', ''],
  ['Plan holidays next week', 'june', '2026-06-17', 'Plan holidays'],
  ['Water plants in 3 hours', 'parisSpring', '2026-03-29 03:30', 'Water plants'],
  ['in 3 hours', 'parisAutumn', '2026-10-25 02:30', ''],
  ['in 3 hours', 'londonAutumn', '2026-10-25 01:30', ''],
  ['Check oven in 30 minutes', 'june', '2026-06-10 10:30', 'Check oven'],
  ['Take the bins out tonight', 'june', '2026-06-10', 'Take the bins out'],
  ['the day after tomorrow', 'parisSpring', '2026-03-30', ''],
  ['Dentist on 12/03', 'june', '2027-03-12', 'Dentist'],
  ['Call Anna, tomorrow', 'june', '2026-06-11', 'Call Anna'],
  ['2 March 2027 renew passport', 'june', '2027-03-02', 'renew passport'],
  ['Meeting 10:30 tomorrow', 'june', '2026-06-11 10:30', 'Meeting'],
  ['Call the bank this Friday', 'june', '2026-06-12', 'Call the bank'],
  ['Pay invoices end of month', 'june', '2026-06-30', 'Pay invoices'],
  ['Standup Thursday 14:00', 'june', '2026-06-11 14:00', 'Standup'],
  ['tomorrow 2:30am', 'parisSpring', '2026-03-29 03:30', ''],
  ['tomorrow 1:30am', 'londonSpring', '2026-03-29 02:30', ''],
  ['Send the card today', 'june', '2026-06-10', 'Send the card'],
  ['Call mum today 6pm', 'june', '2026-06-10 18:00', 'Call mum'],
  ['Football Sunday 3pm', 'june', '2026-06-14 15:00', 'Football'],
  ['Review goals next month', 'june', '2026-07-10', 'Review goals'],
  ['Wednesday', 'tokyo', '2026-04-01', ''],
  ['Book flights on 1 July', 'tokyo', '2026-07-01', 'Book flights'],
  // The other language is read too, after English.
  ['Call Anna demain 9h', 'june', '2026-06-11 09:00', 'Call Anna'],
  ['vendredi prochain', 'june', '2026-06-19', ''],
];

const FRENCH: Row[] = [
  ['Acheter du lait demain 9h', 'parisSpring', '2026-03-29 09:00', 'Acheter du lait'],
  ['demain 9h', 'parisAutumn', '2026-10-25 09:00', ''],
  ['demain 9h', 'londonSpring', '2026-03-29 09:00', ''],
  ['demain 9h', 'londonAutumn', '2026-10-25 09:00', ''],
  ['demain 9h', 'tokyo', '2026-03-29 09:00', ''],
  ['demain 9h', 'june', '2026-06-11 09:00', ''],
  ['Renouveler le passeport vendredi prochain', 'june', '2026-06-19', 'Renouveler le passeport'],
  ['vendredi prochain', 'parisSpring', '2026-04-03', ''],
  ['Appeler Anna dans 3 jours', 'parisSpring', '2026-03-31', 'Appeler Anna'],
  ['dans 3 jours', 'londonAutumn', '2026-10-27', ''],
  ['Payer le loyer le 12 mars', 'june', '2027-03-12', 'Payer le loyer'],
  ['Payer le loyer le 12 juin', 'june', '2026-06-12', 'Payer le loyer'],
  ["aujourd'hui 18h30", 'june', '2026-06-10 18:30', ''],
  ['Appeler maman aujourd’hui 18h30', 'june', '2026-06-10 18:30', 'Appeler maman'],
  ['lundi', 'parisSpring', '2026-03-30', ''],
  ['Appeler Anna demain', 'june', '2026-06-11', 'Appeler Anna'],
  ['Déjeuner demain midi', 'june', '2026-06-11 12:00', 'Déjeuner'],
  ['Dentiste mardi 14h', 'june', '2026-06-16 14:00', 'Dentiste'],
  ['dans 2 semaines', 'parisSpring', '2026-04-11', ''],
  ['Préparer les vacances la semaine prochaine', 'june', '2026-06-17', 'Préparer les vacances'],
  ['Arroser les plantes dans 3 heures', 'parisSpring', '2026-03-29 03:30', 'Arroser les plantes'],
  ['dans 3 heures', 'parisAutumn', '2026-10-25 02:30', ''],
  ['Sortir le gâteau dans 30 minutes', 'june', '2026-06-10 10:30', 'Sortir le gâteau'],
  ['Sortir les poubelles ce soir', 'june', '2026-06-10', 'Sortir les poubelles'],
  ['après-demain', 'parisSpring', '2026-03-30', ''],
  ['Vidange apres demain', 'june', '2026-06-12', 'Vidange'],
  ['Rendez-vous le 1er juillet', 'june', '2026-07-01', 'Rendez-vous'],
  ['le 3 juillet à 10h', 'june', '2026-07-03 10:00', ''],
  ['Apéro 18h', 'june', '2026-06-10 18:00', 'Apéro'],
  ['Réunion à 15h', 'june', '2026-06-10 15:00', 'Réunion'],
  ['Marché samedi 15h30', 'june', '2026-06-13 15:30', 'Marché'],
  ['Appeler les 3 enfants', 'june', null, 'Appeler les 3 enfants'],
  ['Réserver la salle 101', 'june', null, 'Réserver la salle 101'],
  ['Acheter le numéro de mars', 'june', null, 'Acheter le numéro de mars'],
  ['Acheter 2 baguettes', 'june', null, 'Acheter 2 baguettes'],
  ['Ranger la chambre 12', 'june', null, 'Ranger la chambre 12'],
  ['Faire le bilan le mois prochain', 'june', '2026-07-10', 'Faire le bilan'],
  ['Messe dimanche', 'parisSpring', '2026-03-29', 'Messe'],
  ['Cours jeudi à 9h', 'june', '2026-06-11 09:00', 'Cours'],
  ['Yoga mercredi 10h15', 'june', '2026-06-17 10:15', 'Yoga'],
  ['Envoyer le rapport pour vendredi', 'june', '2026-06-12', 'Envoyer le rapport'],
  ['Dentiste le 12/03', 'june', '2027-03-12', 'Dentiste'],
  ['Piscine mardi prochain 8h', 'june', '2026-06-16 08:00', 'Piscine'],
  ['Tondre la pelouse samedi matin', 'june', '2026-06-13', 'Tondre la pelouse'],
  ["Finir le dossier aujourd'hui", 'june', '2026-06-10', 'Finir le dossier'],
  ['demain 2h30', 'parisSpring', '2026-03-29 03:30', ''],
  ['demain 2h30', 'londonAutumn', '2026-10-25 02:30', ''],
  ['mercredi', 'tokyo', '2026-04-01', ''],
  // The other language is read too, after French.
  ['Appeler Anna tomorrow 9am', 'june', '2026-06-11 09:00', 'Appeler Anna'],
  ['next Friday', 'june', '2026-06-19', ''],
];

describe('parseCapture: dates in English', () => {
  it.each(ENGLISH)('%j at %s → %s, title %j', (text, moment, local, title) => {
    const read_ = read(text, moment, 'en-GB');
    expect(read_.local).toBe(local);
    expect(read_.title).toBe(title);
  });
});

describe('parseCapture: dates in French', () => {
  it.each(FRENCH)('%j at %s → %s, title %j', (text, moment, local, title) => {
    const read_ = read(text, moment, 'fr');
    expect(read_.local).toBe(local);
    expect(read_.title).toBe(title);
  });
});

describe('parseCapture: instants across DST changes', () => {
  const at = (text: string, moment: Moment, locale: CaptureInput['locale'] = 'en-GB') =>
    parseCapture({ text, locale, ...NOW[moment] }).targetDate;

  it('reads a time with the offset of the day it lands on, not of now', () => {
    // Typed at 23:30 CET on the eve: 09:00 the next day is CEST.
    expect(at('tomorrow 9am', 'parisSpring')).toBe(Date.UTC(2026, 2, 29, 7, 0));
    expect(at('demain 9h', 'parisSpring', 'fr')).toBe(Date.UTC(2026, 2, 29, 7, 0));
    expect(at('tomorrow 9am', 'parisAutumn')).toBe(Date.UTC(2026, 9, 25, 8, 0));
    expect(at('tomorrow 9am', 'londonSpring')).toBe(Date.UTC(2026, 2, 29, 8, 0));
    expect(at('tomorrow 9am', 'londonAutumn')).toBe(Date.UTC(2026, 9, 25, 9, 0));
    expect(at('tomorrow 9am', 'tokyo')).toBe(Date.UTC(2026, 2, 29, 0, 0));
  });

  it('gives a day without a time as the start of that day in the zone, as the date picker does', () => {
    expect(at('tomorrow', 'parisSpring')).toBe(Date.UTC(2026, 2, 28, 23, 0));
    expect(at('in 3 days', 'parisSpring')).toBe(Date.UTC(2026, 2, 30, 22, 0));
    expect(at('demain', 'londonAutumn', 'fr')).toBe(Date.UTC(2026, 9, 24, 23, 0));
    expect(at('Monday', 'tokyo')).toBe(Date.UTC(2026, 2, 29, 15, 0));
  });

  it('moves a time in the gap forward, takes the winter offset for a repeated one, and counts hours exactly', () => {
    expect(at('tomorrow 2:30am', 'parisSpring')).toBe(Date.UTC(2026, 2, 29, 1, 30));
    expect(at('demain 2h30', 'parisAutumn', 'fr')).toBe(Date.UTC(2026, 9, 25, 1, 30));
    expect(at('tomorrow 1:30am', 'londonAutumn')).toBe(Date.UTC(2026, 9, 25, 1, 30));
    expect(at('in 3 hours', 'parisSpring')).toBe(NOW.parisSpring.now + 3 * 3_600_000);
    expect(at('dans 3 heures', 'londonAutumn', 'fr')).toBe(NOW.londonAutumn.now + 3 * 3_600_000);
  });

  it('reads a zone written in the text as that zone', () => {
    expect(at('call at 9am UTC tomorrow', 'june')).toBe(Date.UTC(2026, 5, 11, 9, 0));
  });
});

describe('parseCapture: tokens', () => {
  const base = { locale: 'en-GB' as const, ...NOW.june };
  const kitchen = { id: 'k1', title: 'Kitchen' };
  const homeOffice = { id: 'h1', title: 'Home office' };
  const home = { id: 'h0', title: 'Home' };

  it('gives each recognised part with its range and text, in the order of the text', () => {
    const text = 'Buy milk tomorrow 9am #Kitchen !p !today';
    const parsed = parseCapture({ ...base, text, boxes: [kitchen] });
    expect(parsed.tokens.map(({ kind, start, end, text: part }) => ({ kind, start, end, part }))).toEqual([
      { kind: 'date', start: 9, end: 21, part: 'tomorrow 9am' },
      { kind: 'box', start: 22, end: 30, part: '#Kitchen' },
      { kind: 'priority', start: 31, end: 33, part: '!p' },
      { kind: 'today', start: 34, end: 40, part: '!today' },
    ]);
    for (const token of parsed.tokens) expect(text.slice(token.start, token.end)).toBe(token.text);
    expect(parsed).toMatchObject({
      title: 'Buy milk',
      box: kitchen,
      prioritize: true,
      markedAsForToday: true,
      targetDate: Date.UTC(2026, 5, 11, 7, 0),
    });
  });

  it('takes the longest box title the text goes on with, ignoring case, and only one box', () => {
    const parsed = parseCapture({
      ...base,
      text: 'Print forms #home office #Kitchen',
      boxes: [home, homeOffice, kitchen],
    });
    expect(parsed.box).toEqual(homeOffice);
    expect(parsed.tokens.map((token) => token.text)).toEqual(['#home office']);
    expect(parsed.title).toBe('Print forms #Kitchen');
  });

  it('needs the title to end where a word ends', () => {
    const parsed = parseCapture({ ...base, text: 'Paint #Homework', boxes: [home] });
    expect(parsed.box).toBeNull();
    expect(parsed.title).toBe('Paint #Homework');
  });

  it('keeps a # word with no box as typed, and never reads a date inside it', () => {
    const parsed = parseCapture({ ...base, text: 'Plan #Monday meeting tomorrow' });
    expect(parsed.box).toBeNull();
    expect(parsed.tokens.map((token) => token.text)).toEqual(['tomorrow']);
    expect(parsed.title).toBe('Plan #Monday meeting');
  });

  it('knows !today, !aujourdhui, !auj and !p, in any case, as whole words only', () => {
    for (const mark of ['!today', '!Today', '!aujourdhui', "!aujourd'hui", '!auj', '!AUJ'])
      expect(parseCapture({ ...base, text: `Pay ${mark}` })).toMatchObject({
        markedAsForToday: true,
        title: 'Pay',
      });
    expect(parseCapture({ ...base, text: 'Pay !P' })).toMatchObject({ prioritize: true, title: 'Pay' });
    for (const text of ['Pay !price', 'Pay!p', 'Hello!today', 'Pay !todays', 'Pay !tomorrow', 'See #today'])
      expect(parseCapture({ ...base, text })).toMatchObject({
        prioritize: false,
        markedAsForToday: false,
        title: text,
      });
  });

  it('reads only dates in a line typed in a pane', () => {
    const parsed = parseCapture({
      ...base,
      text: 'Call #Kitchen !p tomorrow',
      boxes: [kitchen],
      marks: false,
    });
    expect(parsed.tokens.map((token) => token.kind)).toEqual(['date']);
    expect(parsed.title).toBe('Call #Kitchen !p');
  });

  it('leaves text with nothing recognised exactly as typed', () => {
    const text = '  Call Anna about the 3 kids  ';
    const parsed = parseCapture({ ...base, text });
    expect(parsed.tokens).toEqual([]);
    expect(parsed.title).toBe(text);
    expect(parsed.targetDate).toBeNull();
  });

  it('keeps only the first date; a later one stays in the text', () => {
    const parsed = parseCapture({ ...base, text: 'Move Friday meeting to Monday' });
    expect(parsed.tokens.map((token) => token.text)).toEqual(['Friday']);
    expect(parsed.title).toBe('Move meeting to Monday');
  });
});

describe('parseCapture: literal marks ("keep as text")', () => {
  const base = { locale: 'en-GB' as const, ...NOW.june };

  it('ignores a token marked literal by its range and text, and reads the next date instead', () => {
    const text = 'Friday call, then Monday review';
    const first = parseCapture({ ...base, text });
    const [friday] = first.tokens;
    expect(friday?.text).toBe('Friday');
    expect(first.title).toBe('call, then Monday review');
    const again = parseCapture({ ...base, text, literals: friday ? [friday] : [] });
    expect(again.tokens.map((token) => token.text)).toEqual(['Monday']);
    expect(again.title).toBe('Friday call, then review');
  });

  it('keeps a #box and a ! mark as text when marked literal', () => {
    const text = 'Email #Kitchen team !p';
    const kitchen = { id: 'k1', title: 'Kitchen' };
    const parsed = parseCapture({ ...base, text, boxes: [kitchen] });
    const literals = parsed.tokens.map(({ start, end, text: part }) => ({ start, end, text: part }));
    const kept = parseCapture({ ...base, text, boxes: [kitchen], literals });
    expect(kept).toMatchObject({ tokens: [], box: null, prioritize: false, title: text });
  });

  it('forgets a literal mark once its text or place no longer matches', () => {
    const text = 'Call tomorrow';
    const mark = { start: 5, end: 13, text: 'tomorrow' };
    expect(parseCapture({ ...base, text, literals: [mark] }).tokens).toEqual([]);
    expect(
      parseCapture({ ...base, text: `${text} now`, literals: [{ ...mark, start: 4 }] }).tokens,
    ).toHaveLength(1);
  });

  it('moves literal marks with an edit before them, keeps those before it, drops those it touched', () => {
    const before = 'Call Friday and tomorrow';
    const friday = { start: 5, end: 11, text: 'Friday' };
    const tomorrow = { start: 16, end: 24, text: 'tomorrow' };
    expect(shiftLiterals(before, `Please ${before}`, [friday, tomorrow])).toEqual([
      { start: 12, end: 18, text: 'Friday' },
      { start: 23, end: 31, text: 'tomorrow' },
    ]);
    expect(shiftLiterals(before, `${before} at 9`, [friday, tomorrow])).toEqual([friday, tomorrow]);
    expect(shiftLiterals(before, 'Call Fiday and tomorrow', [friday, tomorrow])).toEqual([
      { start: 15, end: 23, text: 'tomorrow' },
    ]);
  });
});

describe('parseCapture: dates that may be part of a title', () => {
  /** Saturday 28 November 2026, 10:00 in Paris. */
  const saturday = { now: Date.UTC(2026, 10, 28, 9), timeZone: 'Europe/Paris' };
  const dayOf = (at: number | null) =>
    at === null ? null : format(new TZDate(at, saturday.timeZone), 'yyyy-MM-dd');

  /** phrase, language, the target date it sets (null: none), its title, the reading offered (null: none). */
  type TitleRow = [string, CaptureInput['locale'], string | null, string, string | null];
  const ROWS: TitleRow[] = [
    // The phrases that went wrong.
    ['Watch Friday Night Lights', 'en-GB', null, 'Watch Friday Night Lights', 'Friday Night'],
    ['Friday Night Lights season 2', 'en-GB', null, 'Friday Night Lights season 2', 'Friday Night'],
    ['Bins every other Wednesday', 'en-GB', '2026-12-02', 'Bins', null],
    ['Poubelles un mercredi sur deux', 'fr', '2026-12-02', 'Poubelles', null],
    ['Renew passport on 29 Feb', 'en-GB', '2028-02-29', 'Renew passport', null],
    ['Renouveler le passeport le 29 février', 'fr', '2028-02-29', 'Renouveler le passeport', null],
    // Titles of films, books, songs, places and shows that hold a date's words.
    ['Visit Sunday River', 'en-GB', null, 'Visit Sunday River', 'Sunday'],
    ['Buy Black Friday deals', 'en-GB', null, 'Buy Black Friday deals', 'Friday'],
    ['Watch The Day After Tomorrow', 'en-GB', null, 'Watch The Day After Tomorrow', 'The Day After Tomorrow'],
    ["Listen to Tuesday's Gone", 'en-GB', null, "Listen to Tuesday's Gone", 'Tuesday'],
    ['Read The Thursday Murder Club', 'en-GB', null, 'Read The Thursday Murder Club', 'Thursday'],
    ['Watch Saturday Night Fever', 'en-GB', null, 'Watch Saturday Night Fever', 'Saturday Night'],
    ['Listen to Manic Monday', 'en-GB', null, 'Listen to Manic Monday', 'Monday'],
    ['Watch Monday Night Football', 'en-GB', null, 'Watch Monday Night Football', 'Monday Night'],
    ['Book Saturday Night Live tickets', 'en-GB', null, 'Book Saturday Night Live tickets', 'Saturday Night'],
    ['Read Freaky Friday', 'en-GB', null, 'Read Freaky Friday', 'Friday'],
    ['Play Sunday Morning on piano', 'en-GB', null, 'Play Sunday Morning on piano', 'Sunday Morning'],
    ['Listen to Blue Monday', 'en-GB', null, 'Listen to Blue Monday', 'Monday'],
    [
      'Buy tickets for Friday Night Lights',
      'en-GB',
      null,
      'Buy tickets for Friday Night Lights',
      'for Friday Night',
    ],
    ['Shop at Tuesday Morning', 'en-GB', null, 'Shop at Tuesday Morning', 'at Tuesday Morning'],
    ['Call May about the lease', 'en-GB', null, 'Call May about the lease', null],
    ['Buy March Madness tickets', 'en-GB', null, 'Buy March Madness tickets', null],
    ['Regarder Vendredi 13', 'fr', null, 'Regarder Vendredi 13', 'Vendredi 13'],
    ['Revoir Lundi Matin', 'fr', null, 'Revoir Lundi Matin', 'Lundi Matin'],
    ['Écouter Dimanche à Bamako', 'fr', null, 'Écouter Dimanche à Bamako', 'Dimanche'],
    ['Fêter Mardi Gras', 'fr', null, 'Fêter Mardi Gras', 'Mardi'],
    // Dates that stay dates: at either end, or among words without capitals.
    ['Watch Friday Night Lights tomorrow', 'en-GB', '2026-11-29', 'Watch Friday Night Lights', null],
    ['Call Anna tomorrow about the lease', 'en-GB', '2026-11-29', 'Call Anna about the lease', null],
    ['Pay Anna on Friday', 'en-GB', '2026-12-04', 'Pay Anna', null],
    ['Friday pay Anna', 'en-GB', '2026-12-04', 'pay Anna', null],
    ['Dentist Monday 9am', 'en-GB', '2026-11-30', 'Dentist', null],
    ['Appeler Anna vendredi', 'fr', '2026-12-04', 'Appeler Anna', null],
    ['Wednesday', 'en-GB', '2026-12-02', '', null],
  ];

  it.each(ROWS)('%j (%s) → %s, title %j, offered %j', (text, locale, day, title, offered) => {
    const parsed = parseCapture({ ...saturday, locale, text });
    expect(dayOf(parsed.targetDate)).toBe(day);
    expect(parsed.title).toBe(title);
    expect(parsed.offered?.text ?? null).toBe(offered);
  });

  it('uses an offered date once the person accepts it', () => {
    const text = 'Watch Friday Night Lights';
    const offered = parseCapture({ ...saturday, locale: 'en-GB', text }).offered;
    expect(offered).toMatchObject({ start: 6, end: 18, text: 'Friday Night' });
    const accepted = parseCapture({ ...saturday, locale: 'en-GB', text, accepted: offered ? [offered] : [] });
    expect(accepted).toMatchObject({ title: 'Watch Lights', offered: null, targetDate: offered?.at });
    expect(dayOf(accepted.targetDate)).toBe('2026-12-04');
  });

  it('reports the readings kept as text, which no shorter reading then takes', () => {
    const text = 'Bake cake tomorrow 9am';
    const first = parseCapture({ ...saturday, locale: 'en-GB', text });
    const date = first.tokens.find((token) => token.kind === 'date');
    expect(date?.text).toBe('tomorrow 9am');
    const kept = parseCapture({ ...saturday, locale: 'en-GB', text, literals: date ? [date] : [] });
    expect(kept).toMatchObject({ title: text, targetDate: null, offered: null });
    expect(kept.keptDates.map((reading) => reading.text)).toEqual(['tomorrow 9am']);
  });
});

describe('boxQueryAt', () => {
  const base = { locale: 'en-GB' as const, ...NOW.june };
  const query = (text: string, caret = text.length, boxes: { id: string; title: string }[] = []) =>
    boxQueryAt(text, caret, parseCapture({ ...base, text, boxes }));

  it('asks the finder for the words typed after a # up to the caret', () => {
    expect(query('Buy milk #')).toEqual({ start: 9, query: '' });
    expect(query('Buy milk #Kit')).toEqual({ start: 9, query: 'Kit' });
    expect(query('Buy milk #Home off')).toEqual({ start: 9, query: 'Home off' });
    expect(query('Buy milk #Kit tomorrow', 13)).toEqual({ start: 9, query: 'Kit' });
  });

  it('asks nothing outside a # word, in a word, or once the box is recognised', () => {
    expect(query('Buy milk')).toBeNull();
    expect(query('Issue#12')).toBeNull();
    expect(query('Buy #Kitchen ', undefined, [{ id: 'k', title: 'Kitchen' }])).toBeNull();
    expect(query('Buy #Kitchen', 12, [{ id: 'k', title: 'Kitchen' }])).toBeNull();
    expect(query('#a\nb')).toBeNull();
  });
});
