import { readFileSync } from 'node:fs';
import { TZDate } from '@date-fns/tz';
import { PRIORITY_LIMIT } from '@nestbox/shared/constants';
import type { ImportResult } from '@nestbox/shared/data/import.schema';
import { targetDateFromDay } from '@nestbox/shared/dates/target-date';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { ItemsForPane } from '@nestbox/shared/items/item.schema';
import type { OrganizerPage } from '@nestbox/shared/organizer/organizer.schema';
import type { User } from '@nestbox/shared/users/user.schema';
import { format } from 'date-fns/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockStartingAt } from '../../clock.js';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { anExportFile, asReadBack, FILE_SETTINGS, readBack } from '../../test/export-files.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { share } from '../../test/sharing.js';
import { connect, nextEvent } from '../../test/socket-client.js';
import { testEngine } from '../../test/test-database.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe(`import on ${testEngine}`, () => {
  let t: TestApp;
  let me: SignedInUser;

  beforeAll(async () => {
    // Relative dates in the fixtures ("tomorrow", "every saturday") are read on a stated
    // Wednesday, so a Saturday's "every saturday" (today, already begun) never decides a test.
    t = await buildTestApp({ now: clockStartingAt(Date.UTC(2026, 10, 25, 10)) });
    me = await createSignedInUser(t);
  });
  afterAll(() => t.close());

  const { send, ok } = apiCalls(
    () => t,
    () => me.token,
  );

  /** POST /api/import with the file as the body. */
  const post = (
    query: string,
    body: BodyInit | undefined,
    { token = me.token, language = 'en-GB', type = 'application/octet-stream' } = {},
  ) =>
    t.request(`/api/import?${query}`, {
      method: 'POST',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'accept-language': language,
        'content-type': type,
      },
      ...(body === undefined ? {} : { body }),
    });
  async function imported(query: string, body: BodyInit, token = me.token): Promise<ImportResult> {
    const res = await post(query, body, { token });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as ImportResult;
  }
  const pane = (boxId: string, token = me.token) =>
    ok<ItemsForPane>('GET', `/api/items/get-items-for-pane?itemId=${boxId}`, undefined, token);
  const titlesIn = async (boxId: string, token = me.token) =>
    (await pane(boxId, token)).items.map((i) => i.title);
  const childByTitle = async (boxId: string, title: string, token = me.token) => {
    const found = (await pane(boxId, token)).items.find((item) => item.title === title);
    if (!found) throw new Error(`no ${title} in ${boxId}`);
    return found;
  };
  const itemCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('items')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const localDay = (at: number | null, zone = 'Europe/London') =>
    at === null ? null : format(new TZDate(at, zone), 'yyyy-MM-dd');
  /** A new person who reads French and lives in Paris. */
  async function frenchUserInParis() {
    const user = await createSignedInUser(t, { locale: 'fr' });
    await t.database.db
      .updateTable('users')
      .set({ timezone: 'Europe/Paris' })
      .where('id', '=', user.id)
      .execute();
    return user;
  }
  /** A new box or text of `user`'s in `parentItemId`. */
  const create = (
    user: SignedInUser,
    parentItemId: string,
    itemType: 'todoBox' | 'todoText',
    title: string,
  ) => ok<{ _id: string }>('POST', '/api/items/create-item', { parentItemId, itemType, title }, user.token);

  it('is described in the OpenAPI document with its query and answer', async () => {
    const res = await t.request('/api/docs/json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, { parameters: { name: string }[]; responses: object }>>;
    };
    const route = doc.paths['/api/import']?.post;
    expect(route?.parameters.map((p) => p.name)).toEqual(['format', 'dryRun', 'boxId', 'name', 'settings']);
    expect(route?.responses).toHaveProperty('200');
  });

  describe('Todoist CSV', () => {
    it('makes the project a box named after the file at the top of the Workspace, sections boxes, subtasks nested', async () => {
      const user = await createSignedInUser(t);
      await create(user, user.root, 'todoBox', 'Old');
      const result = await imported('format=todoist-csv&name=Holiday', fixture('todoist-en.csv'), user.token);
      expect(result).toMatchObject({
        dryRun: false,
        ok: true,
        counts: { boxes: 2, texts: 5, dates: 3 },
        settingsApplied: false,
      });
      expect(await titlesIn(user.root, user.token)).toEqual(['Holiday', 'Old']);
      const project = result.boxId ?? '';
      expect(await titlesIn(project, user.token)).toEqual(['Renew passport', 'Plan the trip', 'Garden']);
      const trip = await childByTitle(project, 'Plan the trip', user.token);
      expect(trip.itemType).toBe('todoBox');
      expect(await titlesIn(trip._id, user.token)).toEqual(['Book the train', 'Book the hotel']);
      const garden = await childByTitle(project, 'Garden', user.token);
      expect(await titlesIn(garden._id, user.token)).toEqual(['Mow the lawn', 'Prune the roses, gently']);
      // The date that could not be read is a warning naming its line; the task stays, undated.
      expect(result.problems).toEqual([
        expect.objectContaining({ severity: 'warning', line: 10, messageKey: 'import.csv.date' }),
      ]);
      expect(result.problems[0]?.message).toBe(
        'Line 10: the date “someday maybe” could not be read; the task is kept without it.',
      );
      const roses = await childByTitle(garden._id, 'Prune the roses, gently', user.token);
      expect(roses.priorityTargetDate).toBeNull();
      const passport = await childByTitle(project, 'Renew passport', user.token);
      const tomorrow = localDay(t.now() + 86_400_000);
      expect(localDay(passport.priorityTargetDate)).toBe(tomorrow);
      // A task's DESCRIPTION and the note rows below it become its note, on the right task.
      expect(passport.note).toBe('Photos first');
      expect((await childByTitle(trip._id, 'Book the hotel', user.token)).note).toBe('Ask for a quiet room');
      expect((await childByTitle(trip._id, 'Book the train', user.token)).note).toBe('');
    });

    it('ranks p1, then p2, then p3 tasks in the Organizer, below what was ranked already; p4 stays unranked', async () => {
      const user = await createSignedInUser(t);
      const mine = await create(user, user.root, 'todoText', 'Already first');
      await ok('PUT', '/api/items/update-priority', { itemId: mine._id, priority: 16384 }, user.token);
      await imported('format=todoist-csv', fixture('todoist-en.csv'), user.token);
      const organizer = await ok<OrganizerPage>('GET', '/api/items/get-organizer', undefined, user.token);
      const ranked = organizer.organizerItems
        .filter((item) => item.priority !== null)
        .sort((a, b) => (a.priority as number) - (b.priority as number))
        .map((item) => item.title);
      // p1: the roses (the train is p1 too, but a subtask: in order of the file it comes first).
      expect(ranked).toEqual([
        'Already first',
        'Book the train',
        'Prune the roses, gently',
        'Renew passport',
        'Book the hotel',
      ]);
      const unranked = organizer.organizerItems.filter((item) => item.priority === null).map((i) => i.title);
      expect(unranked).not.toContain('Mow the lawn');
    });

    it('reads French dates in DATE_LANG fr, in the person’s zone, and ignores a BOM', async () => {
      const user = await frenchUserInParis();
      const result = await imported('format=todoist-csv', fixture('todoist-fr.csv'), user.token);
      expect(result.problems).toEqual([]);
      const project = result.boxId ?? '';
      const [box] = (await pane(user.root, user.token)).items;
      expect(box?.title).toMatch(/^Importé le \d{1,2} \S+ \d{4} à \d\d:\d\d$/u);
      const passport = await childByTitle(project, 'Renouveler le passeport', user.token);
      expect(localDay(passport.priorityTargetDate, 'Europe/Paris')).toBe(
        localDay(t.now() + 86_400_000, 'Europe/Paris'),
      );
      const garden = await childByTitle(project, 'Jardin', user.token);
      const roses = await childByTitle(garden._id, 'Tailler les rosiers', user.token);
      expect(localDay(roses.priorityTargetDate, 'Europe/Paris')?.slice(5)).toBe('03-12');
    });

    it('takes a current Todoist export (meta row, IS_COLLAPSED … DEADLINE_LANG) with French repeats, without a warning', async () => {
      const user = await frenchUserInParis();
      const result = await imported(
        'format=todoist-csv&name=Maison',
        fixture('todoist-current-fr.csv'),
        user.token,
      );
      expect(result.problems).toEqual([]);
      expect(result.counts).toMatchObject({ boxes: 3, texts: 5, dates: 4 });
      const project = result.boxId ?? '';
      expect(await titlesIn(project, user.token)).toEqual(['À faire', 'En cours']);
      const todo = await childByTitle(project, 'À faire', user.token);
      expect(await titlesIn(todo._id, user.token)).toEqual([
        'Courses',
        'Payer le loyer',
        'Rendre le rapport',
        'Appeler la banque',
      ]);
      // "* Courses" is a heading Todoist never completes: a box, without its star.
      const courses = await childByTitle(todo._id, 'Courses', user.token);
      expect(courses.itemType).toBe('todoBox');
      const bread = await childByTitle(courses._id, 'Acheter du pain', user.token);
      expect(bread).toMatchObject({ itemType: 'todoText', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
      // Stated now: Wednesday 25 November 2026; the next Monday, and the 5th of December.
      expect(localDay(bread.priorityTargetDate, 'Europe/Paris')).toBe('2026-11-30');
      const rent = await childByTitle(todo._id, 'Payer le loyer', user.token);
      expect(rent.recurrence).toBe('FREQ=MONTHLY;BYMONTHDAY=5');
      expect(localDay(rent.priorityTargetDate, 'Europe/Paris')).toBe('2026-12-05');
      // No DATE: its DEADLINE is the target date.
      const report = await childByTitle(todo._id, 'Rendre le rapport', user.token);
      expect(localDay(report.priorityTargetDate, 'Europe/Paris')).toBe('2026-12-15');
      const doing = await childByTitle(project, 'En cours', user.token);
      const heading = await childByTitle(doing._id, 'Ce projet se range par colonnes', user.token);
      expect(heading.itemType).toBe('todoText');
      const organizer = await ok<OrganizerPage>('GET', '/api/items/get-organizer', undefined, user.token);
      expect(
        organizer.organizerItems
          .filter((item) => item.priority !== null)
          .sort((a, b) => (a.priority as number) - (b.priority as number))
          .map((item) => item.title),
      ).toEqual(['Payer le loyer', 'Acheter du pain', 'Rendre le rapport']);
    });

    it('imports Todoist’s own export with notes at every level (bboc/todoist-converter), nesting it as Todoist did', async () => {
      const user = await createSignedInUser(t);
      const result = await imported(
        'format=todoist-csv',
        fixture('todoist-converter-full-project.csv'),
        user.token,
      );
      expect(result.problems).toEqual([]);
      expect(result.counts).toMatchObject({ boxes: 4, texts: 4 });
      const project = result.boxId ?? '';
      expect(await titlesIn(project, user.token)).toEqual([
        'unclickable task',
        'task level one',
        'task with various attachments',
      ]);
      const heading = await childByTitle(project, 'unclickable task', user.token);
      expect(heading.itemType).toBe('todoBox');
      expect(await titlesIn(heading._id, user.token)).toEqual([
        'clickable subtask, scheduled @30min @/munich',
        'another subtask with a note',
      ]);
      const withNote = await childByTitle(heading._id, 'another subtask with a note', user.token);
      expect(withNote.note).toBe('one note for the subtask\n\nanother comment for the same sub task');
      let level = await childByTitle(project, 'task level one', user.token);
      expect(level.note).toMatch(/^note for level one task\n\nwith a few linebreaks,/);
      for (const [title, note] of [
        ['task level two', /^note for level two task\n/],
        ['task level three', /^note for level three task\n/],
        ['task level four', /^note for level one task\n/],
      ] as const) {
        expect(await titlesIn(level._id, user.token)).toEqual([title]);
        level = await childByTitle(level._id, title, user.token);
        // Each note stays on the task just above it, whatever its INDENT.
        expect(level.note, title).toMatch(note);
      }
      expect(level.itemType).toBe('todoText');
    });

    it('gives each dated task its linked reminder, planned as a target date set by hand plans it', async () => {
      const user = await createSignedInUser(t);
      const result = await imported('format=todoist-csv', fixture('todoist-en.csv'), user.token);
      const rows = await t.database.db
        .selectFrom('reminders')
        .innerJoin('items', 'items.id', 'reminders.item_id')
        .select([
          'items.title',
          'items.target_date',
          'reminders.next_fire_at',
          'reminders.linked_directly_to_target_date',
        ])
        .where('reminders.user_id', '=', user.id)
        .execute();
      expect(rows).toHaveLength(result.counts.dates);
      for (const row of rows) {
        expect(row.linked_directly_to_target_date).toBe(1);
        expect(row.next_fire_at).toBe(row.target_date);
      }
    });
  });

  describe('OPML', () => {
    it('reads a Workflowy export: parents become boxes, leaves texts, _complete and notes kept', async () => {
      const result = await imported('format=opml&name=Workflowy', fixture('workflowy-en.opml'));
      expect(result.counts).toEqual({ boxes: 2, texts: 4, dates: 0, reminders: 0 });
      const top = result.boxId ?? '';
      expect(await titlesIn(top)).toEqual(['Home', 'Read "Dune" & take notes']);
      const home = await childByTitle(top, 'Home');
      expect(await titlesIn(home._id)).toEqual(['Kitchen', 'Call the plumber']);
      const plumber = await childByTitle(home._id, 'Call the plumber');
      expect(plumber.note).toBe('After 9am\nAsk for a quote');
      const kitchen = await childByTitle(home._id, 'Kitchen');
      expect(kitchen.note).toBe('Measure the wall first');
      // The completed one is hidden unless the box shows completed items.
      expect(await titlesIn(kitchen._id)).toEqual(['Fix the tap']);
      await ok('PUT', '/api/items/update-setting', {
        itemId: kitchen._id,
        settingKey: 'showCompletedItems',
        settingValue: true,
      });
      const shown = (await pane(kitchen._id)).items;
      expect(shown.map((i) => [i.title, i.completed])).toEqual([
        ['Buy paint', true],
        ['Fix the tap', false],
      ]);
    });

    it('reads a Dynalist export in French: accents, emoji, completion, the target date and notes', async () => {
      const result = await imported('format=opml', fixture('dynalist-fr.opml'));
      expect(result.counts).toEqual({ boxes: 2, texts: 5, dates: 1, reminders: 0 });
      const top = result.boxId ?? '';
      expect(await titlesIn(top)).toEqual(['Préparatifs', 'Idées de crêpes 🥞']);
      expect((await childByTitle(top, 'Idées de crêpes 🥞')).note).toBe('Froment ou sarrasin ?');
      const prep = await childByTitle(top, 'Préparatifs');
      const card = await childByTitle(prep._id, 'Acheter une carte des sentiers');
      expect(card.priorityTargetDate).toBe(targetDateFromDay('2026-07-01', 'Europe/London'));
      const valise = await childByTitle(prep._id, 'Valise');
      expect(await titlesIn(valise._id)).toEqual(['Crème solaire', 'Coupe-vent']);
    });

    it('writes Workflowy’s inline formatting as the markdown titles render (tanainc/tana-import-tools)', async () => {
      const result = await imported('format=opml&name=Tana', fixture('workflowy-tana-sample.opml'));
      expect(result.problems).toEqual([]);
      const hello = await childByTitle(result.boxId ?? '', 'Hello');
      const node = await childByTitle(hello._id, 'This is a workflowy node');
      expect(await titlesIn(node._id)).toContain('The **bold**, the underlined and the _italic_');
      const smoke = await imported('format=opml&name=Smoke', fixture('workflowy-tana-smoketest.opml'));
      const links = await childByTitle(smoke.boxId ?? '', 'LinkNode');
      expect(await titlesIn(links._id)).toEqual(['[alias here](https://www.vg.no/)']);
    });
  });

  describe('dry run', () => {
    it('answers counts and problems and changes nothing', async () => {
      const before = await itemCount();
      const result = await imported('format=todoist-csv&dryRun=1', fixture('todoist-en.csv'));
      expect(result).toMatchObject({
        dryRun: true,
        ok: true,
        boxId: null,
        counts: { boxes: 2, texts: 5, dates: 3, reminders: 0 },
      });
      expect(result.problems.map((p) => p.line)).toEqual([10]);
      expect(await itemCount()).toBe(before);
    });

    it('lists the errors of a bad file (ok: false) in the caller’s language, and still changes nothing', async () => {
      const before = await itemCount();
      const csv = 'TYPE,CONTENT,PRIORITY\ntask,a,1\nchore,b,1\ntask,c,9\n';
      const res = await post('format=todoist-csv&dryRun=1', csv, { language: 'fr' });
      const result = (await res.json()) as ImportResult;
      expect(res.status).toBe(200);
      expect(result.ok).toBe(false);
      expect(result.problems.map((p) => [p.severity, p.line, p.messageKey])).toEqual([
        ['error', 3, 'import.csv.type'],
        ['error', 4, 'import.csv.priority'],
      ]);
      expect(result.problems[0]?.message).toBe(
        'Ligne 3\u00a0: le TYPE «\u00a0chore\u00a0» n’est ni task, ni section, ni note, ni meta.',
      );
      expect(await itemCount()).toBe(before);
    });
  });

  describe('bad files: a translated 400 naming the first bad line or element, and nothing changes', () => {
    const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<opml version="2.0"><body><outline text="&lol3;"/></body></opml>`;
    const cases: [string, string, string | Uint8Array<ArrayBuffer>, string, string, string][] = [
      [
        'malformed XML',
        'opml',
        '<opml version="2.0">\n<body>\n<outline text="a">\n</body></opml>',
        'import.xml.malformed',
        'Line 4: the file is not well-formed XML (column 1).',
        'Ligne 4\u00a0: le fichier n’est pas du XML bien formé (colonne 1).',
      ],
      [
        'a billion-laughs DTD',
        'opml',
        billionLaughs,
        'import.xml.doctype',
        'Line 2: the file declares a DTD (<!DOCTYPE …>), which an import never reads.',
        'Ligne 2\u00a0: le fichier déclare une DTD (<!DOCTYPE …>), qu’un import ne lit jamais.',
      ],
      [
        'an XML file that is no outline',
        'opml',
        '<rss><channel/></rss>',
        'import.opml.noBody',
        'The file: this is not an OPML outline: it has no <body> holding <outline> elements.',
        'Le fichier\u00a0: ce n’est pas un plan OPML\u00a0: il n’a pas de <body> contenant des <outline>.',
      ],
      [
        'a CSV without the Todoist columns',
        'todoist-csv',
        'name,when\nmilk,tomorrow\n',
        'import.csv.columns',
        'Line 1: this is not a Todoist CSV file: its first line must name the columns TYPE and CONTENT.',
        'Ligne 1\u00a0: ce n’est pas un fichier CSV de Todoist\u00a0: sa première ligne doit nommer les colonnes TYPE et CONTENT.',
      ],
      [
        'a CSV line with a broken quote',
        'todoist-csv',
        'TYPE,CONTENT\ntask,fine\ntask,"broken"x\n',
        'import.csv.malformed',
        'Line 3: this line could not be read as CSV: check its quotes and commas.',
        'Ligne 3\u00a0: cette ligne n’a pas pu être lue comme du CSV\u00a0: vérifiez ses guillemets et ses virgules.',
      ],
      [
        'a CSV box title over the limit',
        'todoist-csv',
        `TYPE,CONTENT\ntask,ok\nsection,${'x'.repeat(201)}\n`,
        'validation.box.title.tooLong',
        'Line 3: A Box title can have at most 200 characters.',
        'Ligne 3\u00a0: Un titre de Boîte peut compter au plus 200 caractères.',
      ],
      [
        'a NUL in a title',
        'json',
        JSON.stringify(anExportFile([{ type: 'text', title: 'a\u0000b' }])),
        'import.title.nul',
        'At workspace.0: a title cannot hold the NUL character (U+0000).',
        'À workspace.0\u00a0: un titre ne peut pas contenir le caractère NUL (U+0000).',
      ],
      [
        'JSON of another version',
        'json',
        JSON.stringify({ format: 'nestbox', version: 4 }),
        'import.json.version',
        'At version: this Nestbox export is of version 4; this Nestbox reads versions 1 to 3.',
        'À version\u00a0: cet export Nestbox est en version 4\u00a0; ce Nestbox lit les versions 1 à 3.',
      ],
      [
        'JSON that is no Nestbox export',
        'json',
        '{"tasks": []}',
        'import.json.notNestbox',
        'The file: this is not a Nestbox export (it has no "format": "nestbox").',
        'Le fichier\u00a0: ce n’est pas un export Nestbox (il n’a pas de "format": "nestbox").',
      ],
      [
        'text that is not JSON',
        'json',
        '{\n  "format": "nestbox",\n  oops\n}',
        'import.json.malformed',
        'Line 3: the file is not valid JSON.',
        'Ligne 3\u00a0: le fichier n’est pas du JSON valide.',
      ],
      [
        'bytes that are not UTF-8',
        'opml',
        new Uint8Array([0x3c, 0x6f, 0xff, 0xfe, 0x3e]),
        'import.file.notUtf8',
        'The file: the file is not UTF-8 text.',
        'Le fichier\u00a0: le fichier n’est pas du texte UTF-8.',
      ],
    ];

    it.each(cases)('%s', async (_name, formatName, body, code, english, french) => {
      const before = await itemCount();
      for (const [language, message] of [
        ['en-GB', english],
        ['fr', french],
      ] as const) {
        const res = await post(`format=${formatName}`, body, { language });
        expect(res.status).toBe(400);
        expect(((await res.json()) as ErrorBody).error).toEqual({ code, message });
      }
      expect(await itemCount()).toBe(before);
    });

    it('names the first bad value of a Nestbox export by its path', async () => {
      const file = anExportFile([
        {
          type: 'box',
          title: 'Ok',
          children: [
            { type: 'text', title: 'fine' },
            { type: 'text', title: 7 },
          ],
        },
      ]);
      const res = await post('format=json', JSON.stringify(file));
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error).toEqual({
        code: 'import.json.invalid',
        message: 'At workspace.0.children.1.title: this value is not what a Nestbox export holds.',
      });
    });

    it('refuses a Nestbox export holding a time out of range, naming it, in the caller’s language; nothing is written', async () => {
      const owner = await createSignedInUser(t);
      const editor = await createSignedInUser(t);
      const shared = await create(owner, owner.root, 'todoBox', 'Shared');
      await share(t, owner, shared._id, [[editor, 'editor']]);
      const before = await itemCount();
      const cases = [
        { item: { createdAt: 8.7e15 }, field: 'createdAt' },
        { item: { targetDate: 9e15 }, field: 'targetDate' },
        { item: { completedAt: -1e12 }, field: 'completedAt' },
        { item: { archivedAt: 1.5 }, field: 'archivedAt' },
      ];
      for (const { item, field } of cases) {
        const file = anExportFile([
          { type: 'box', title: 'Box', children: [{ type: 'text', title: 'x', ...item }] },
        ]);
        for (const [language, message] of [
          [
            'en-GB',
            `At workspace.0.children.0.${field}: this date is not between 1 January 1970 and 31 December 9999.`,
          ],
          [
            'fr',
            `À workspace.0.children.0.${field}\u00a0: cette date n’est pas entre le 1er janvier 1970 et le 31 décembre 9999.`,
          ],
        ] as const) {
          const res = await post(`format=json&boxId=${shared._id}`, JSON.stringify(file), {
            token: editor.token,
            language,
          });
          expect(res.status, field).toBe(400);
          expect(((await res.json()) as ErrorBody).error).toEqual({ code: 'import.date.range', message });
        }
      }
      const badExportedAt = { ...anExportFile([{ type: 'text', title: 'x' }]), exportedAt: 8.7e15 };
      const res = await post('format=json', JSON.stringify(badExportedAt));
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code).toBe('import.date.range');
      expect(await itemCount()).toBe(before);
      // The box's members still export it.
      for (const format of ['csv', 'opml', 'json'])
        expect((await send('GET', `/api/export?format=${format}`, undefined, owner.token)).status).toBe(200);
    });

    it('keeps an outline whose target date is out of range, without it, and says so', async () => {
      const opml = `<?xml version="1.0"?><opml version="2.0"><head/><body>
        <outline text="Far" _targetDate="+275760-09-13T00:00:00Z"/>
        <outline text="Early" _targetDate="1900-01-01"/>
        <outline text="Fine" _targetDate="2030-05-02"/>
      </body></opml>`;
      const result = await imported('format=opml&dryRun=1', opml);
      expect(result.counts).toMatchObject({ texts: 3, dates: 1 });
      expect(result.problems).toEqual([
        expect.objectContaining({ severity: 'warning', element: '1', messageKey: 'import.targetDate.range' }),
        expect.objectContaining({ severity: 'warning', element: '2', messageKey: 'import.targetDate.range' }),
      ]);
    });

    it('refuses the whole file for one bad line at its end: nothing of it is written', async () => {
      const before = await itemCount();
      const lines = Array.from({ length: 500 }, (_, i) => `task,Task ${i},1,1`);
      const res = await post(
        'format=todoist-csv',
        ['TYPE,CONTENT,PRIORITY,INDENT', ...lines, 'task,last,1,9'].join('\n'),
      );
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.message).toBe(
        'Line 502: INDENT must be a whole number from 1 to 5, not “9”.',
      );
      expect(await itemCount()).toBe(before);
    });

    it('refuses an empty body, and a body over 50 MB with 413', async () => {
      const empty = await post('format=opml', undefined);
      expect(empty.status).toBe(400);
      expect(((await empty.json()) as ErrorBody).error.code).toBe('import.file.empty');
      const huge = await post('format=opml', Buffer.alloc(50 * 1024 * 1024 + 1, 0x20));
      expect(huge.status).toBe(413);
    });

    it('takes files above the 1 MB every other route keeps, in any content type', async () => {
      const lines = Array.from(
        { length: 20_000 },
        (_, i) => `task,A task with a fairly long title number ${i},4,1`,
      );
      const csv = ['TYPE,CONTENT,PRIORITY,INDENT', ...lines].join('\n');
      expect(csv.length).toBeGreaterThan(1024 * 1024);
      const res = await post('format=todoist-csv&dryRun=1', csv, { type: 'text/csv' });
      expect(res.status).toBe(200);
      expect(((await res.json()) as ImportResult).counts.texts).toBe(20_000);
      // Every other route still refuses a body above 1 MB.
      const other = await send('POST', '/api/items/create-item', { title: 'x'.repeat(1024 * 1024 + 10) });
      expect(other.status).toBe(413);
    });

    it('refuses a query without a known format with 400', async () => {
      expect((await post('format=xlsx', 'x')).status).toBe(400);
      expect((await post('format=opml&dryRun=yes', 'x')).status).toBe(400);
    });
  });

  describe('rights', () => {
    it('answers 401 to an anonymous caller whatever it sends', async () => {
      const res = await post('format=opml', fixture('workflowy-en.opml'), { token: '' });
      expect(res.status).toBe(401);
    });

    it('imports into a chosen box, last in it; 404 for a box the caller cannot see, 403 when read-only', async () => {
      const owner = await createSignedInUser(t);
      const reader = await createSignedInUser(t);
      const editor = await createSignedInUser(t);
      const stranger = await createSignedInUser(t);
      const box = await create(owner, owner.root, 'todoBox', 'Shared');
      await create(owner, box._id, 'todoText', 'First');
      await share(t, owner, box._id, [
        [reader, 'readonly'],
        [editor, 'editor'],
      ]);
      const file = fixture('workflowy-en.opml');
      for (const dryRun of ['0', '1']) {
        expect(
          (await post(`format=opml&dryRun=${dryRun}&boxId=${box._id}`, file, { token: stranger.token }))
            .status,
        ).toBe(404);
        expect(
          (await post(`format=opml&dryRun=${dryRun}&boxId=${box._id}`, file, { token: reader.token })).status,
        ).toBe(403);
        expect(
          (await post(`format=opml&dryRun=${dryRun}&boxId=unknown`, file, { token: owner.token })).status,
        ).toBe(404);
      }
      const result = await imported(`format=opml&boxId=${box._id}`, file, editor.token);
      expect(result.boxId).toBe(box._id);
      expect(await titlesIn(box._id, owner.token)).toEqual(['First', 'Home', 'Read "Dune" & take notes']);
      // Nothing new in the editor's or the owner's Workspace.
      expect(await titlesIn(owner.root, owner.token)).toEqual(['Shared']);
    });

    it('tells the importer’s sockets when it is done, and those who show the box that it changed', async () => {
      const owner = await createSignedInUser(t);
      const editor = await createSignedInUser(t);
      const box = await create(owner, owner.root, 'todoBox', 'Shared');
      await share(t, owner, box._id, [[editor, 'editor']]);
      const editorSocket = await connect(t.baseUrl, editor.token);
      const ownerSocket = await connect(t.baseUrl, owner.token);
      try {
        const finished = nextEvent(editorSocket, 'import.finished');
        const changed = nextEvent(ownerSocket, 'UPDATE_ITEM');
        await imported(`format=opml&boxId=${box._id}`, fixture('workflowy-en.opml'), editor.token);
        expect(await finished).toEqual({
          boxId: box._id,
          counts: { boxes: 2, texts: 4, dates: 0, reminders: 0 },
        });
        expect(await changed).toMatchObject({ itemId: box._id, updatedFields: {}, removedFields: [] });

        // Into a new box: it arrives in the Workspace of the importer's other tabs.
        const added = nextEvent(ownerSocket, 'ADD_ITEM');
        const done = nextEvent(ownerSocket, 'import.finished');
        const result = await imported('format=opml&name=New', fixture('workflowy-en.opml'), owner.token);
        expect(await added).toMatchObject({
          item: { _id: result.boxId, title: 'New' },
          parentItemId: owner.root,
        });
        expect((await done).boxId).toBe(result.boxId);
      } finally {
        editorSocket.close();
        ownerSocket.close();
      }
    });
  });

  describe('Nestbox JSON', () => {
    it('restores everything the file holds into the chosen box, with the settings', async () => {
      const user = await createSignedInUser(t);
      const target = Date.UTC(2030, 5, 12, 8);
      const file = anExportFile(
        [
          {
            type: 'box',
            title: 'Projects',
            settings: { showCompleted: true, autoAddToUnprioritized: false },
            mine: { favourited: true },
            autoArchive: { amount: 2, duration: 'weeks' },
            children: [
              { type: 'text', title: 'Done', completedAt: 1_700_000_000_000 },
              {
                type: 'text',
                title: 'Ranked',
                targetDate: target,
                mine: { prioritizable: true, priority: 32768, markedForToday: true },
                reminders: [
                  {
                    numberOf: 1,
                    unit: 'days',
                    beforeAfterOn: 'before',
                    repeat: false,
                    linkedDirectlyToTargetDate: false,
                  },
                  {
                    numberOf: 1,
                    unit: 'days',
                    beforeAfterOn: 'on',
                    repeat: false,
                    linkedDirectlyToTargetDate: true,
                  },
                ],
              },
            ],
          },
          { type: 'text', title: 'Archived', archivedAt: 1_700_000_000_000 },
        ],
        { locale: 'fr', timezone: 'Europe/Paris' },
      );
      const result = await imported(`format=json&boxId=${user.root}`, JSON.stringify(file), user.token);
      expect(result).toMatchObject({
        settingsApplied: true,
        counts: { boxes: 1, texts: 3, dates: 1, reminders: 1 },
      });
      const settings = await t.database.db
        .selectFrom('users')
        .select(['locale', 'timezone', 'open_boxes_in', 'shortcuts_enabled', 'color_scheme'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(settings).toEqual({
        locale: 'fr',
        timezone: 'Europe/Paris',
        open_boxes_in: 'samePane',
        shortcuts_enabled: 0,
        color_scheme: 'dark',
      });
      expect(await readBack(t.database.db, user.id, user.root)).toEqual(asReadBack(file.workspace));
      const reminders = await t.database.db
        .selectFrom('reminders')
        .select(['next_fire_at', 'linked_directly_to_target_date'])
        .where('user_id', '=', user.id)
        .orderBy('linked_directly_to_target_date')
        .execute();
      // 1 day before 12 June 10:00 in Paris, and the date itself.
      expect(reminders).toEqual([
        { next_fire_at: Date.UTC(2030, 5, 11, 8), linked_directly_to_target_date: 0 },
        { next_fire_at: target, linked_directly_to_target_date: 1 },
      ]);
    });

    it('leaves the settings alone with settings=0, and puts ranked items below those ranked already', async () => {
      const user = await createSignedInUser(t);
      const mine = await create(user, user.root, 'todoText', 'Mine');
      await ok('PUT', '/api/items/update-priority', { itemId: mine._id, priority: 50_000 }, user.token);
      const file = anExportFile(
        [
          { type: 'text', title: 'B', mine: { prioritizable: true, priority: 20_000 } },
          { type: 'text', title: 'A', mine: { prioritizable: true, priority: 10_000 } },
        ],
        { locale: 'fr' },
      );
      const result = await imported('format=json&settings=0', JSON.stringify(file), user.token);
      expect(result.settingsApplied).toBe(false);
      const { locale } = await t.database.db
        .selectFrom('users')
        .select('locale')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(locale).toBe('en-GB');
      const organizer = await ok<OrganizerPage>('GET', '/api/items/get-organizer', undefined, user.token);
      expect(organizer.organizerItems.map((item) => [item.title, item.priority])).toEqual([
        ['Mine', 50_000],
        ['A', 50_000 + 16_384],
        ['B', 60_000 + 16_384],
      ]);
    });

    it('refuses a rank beyond the limit, translated, and writes nothing', async () => {
      const user = await createSignedInUser(t);
      for (const priority of [1e308, -1e308, PRIORITY_LIMIT * 2]) {
        const file = anExportFile([
          { type: 'text', title: 'fine', mine: { prioritizable: true, priority: 1 } },
          { type: 'text', title: 'huge', mine: { prioritizable: true, priority } },
        ]);
        for (const [language, message] of [
          ['en-GB', 'At workspace.1.mine.priority: this value is not what a Nestbox export holds.'],
          ['fr', /^À workspace\.1\.mine\.priority/],
        ] as const) {
          const res = await post('format=json', JSON.stringify(file), { token: user.token, language });
          expect(res.status).toBe(400);
          const { error } = (await res.json()) as ErrorBody;
          expect(error.code).toBe('import.json.invalid');
          expect(error.message).toMatch(message);
        }
      }
      const rows = await t.database.db
        .selectFrom('items')
        .select('id')
        .where('created_by', '=', user.id)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('keeps imported ranks in order and within the limit, below ranks near it', async () => {
      const user = await createSignedInUser(t);
      const mine = await create(user, user.root, 'todoText', 'Mine');
      const last = PRIORITY_LIMIT - 1_000_000;
      await ok('PUT', '/api/items/update-priority', { itemId: mine._id, priority: last }, user.token);
      const file = anExportFile([
        { type: 'text', title: 'Top', mine: { prioritizable: true, priority: PRIORITY_LIMIT } },
        { type: 'text', title: 'Bottom', mine: { prioritizable: true, priority: -PRIORITY_LIMIT } },
        { type: 'text', title: 'Middle', mine: { prioritizable: true, priority: 0 } },
      ]);
      await imported('format=json&settings=0', JSON.stringify(file), user.token);
      const organizer = await ok<OrganizerPage>('GET', '/api/items/get-organizer', undefined, user.token);
      expect(organizer.organizerItems.map((item) => [item.title, item.prioritizable])).toEqual([
        ['Mine', true],
        ['Bottom', true],
        ['Middle', true],
        ['Top', true],
      ]);
      const ranks = organizer.organizerItems.map((item) => item.priority as number);
      expect(ranks[0]).toBe(last);
      for (const [index, rank] of ranks.entries()) {
        expect(rank).toBeLessThanOrEqual(PRIORITY_LIMIT);
        if (index > 0) expect(rank).toBeGreaterThan(ranks[index - 1] as number);
      }
    });

    it('keeps the colour choice when a file made before it had one says nothing about it', async () => {
      const user = await createSignedInUser(t);
      await ok('PUT', '/api/admin/users/update-customizations', { colorScheme: 'light' }, user.token);
      const { colorScheme: _unsaid, ...customizations } = FILE_SETTINGS.customizations;
      const file = anExportFile([{ type: 'text', title: 'Old file' }], { customizations });
      expect((await imported('format=json', JSON.stringify(file), user.token)).settingsApplied).toBe(true);
      const me = await ok<User>('GET', '/api/admin/users/get-user', undefined, user.token);
      expect(me.customizations).toMatchObject({ colorScheme: 'light', shortcutsEnabled: false });
    });
  });
});
