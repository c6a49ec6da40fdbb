import { DEMO_EMAILS } from '@nestbox/shared/admin/admin.schema';
import { todayBounds } from '@nestbox/shared/organizer/grouping';
import type { BeforeAfterOn, ReminderUnit } from '@nestbox/shared/reminders/fire-time';
import type { Kysely } from 'kysely';
import { insertTagsOf } from '../../modules/items/items.service.js';
import { insertUserWithRootBox } from '../../modules/users/users.service.js';
import { newId } from '../ids.js';
import type { Database } from '../schema.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const STEP = 1024;
const PRIORITY_STEP = 16_384;

type Level = 'owner' | 'editor' | 'readonly';

/** What a demo text item can carry. */
interface TextSpec {
  title: string;
  completed?: boolean;
  /** Days from today (0 = today, negative = overdue); noon in the user's time zone. */
  dueInDays?: number;
  /** Ranked in the Organizer (prioritizable with a priority) or only waiting (prioritizable). */
  organizer?: 'prioritized' | 'unprioritized';
  today?: boolean;
  favourite?: boolean;
  reminder?: { numberOf: number; unit: ReminderUnit; beforeAfterOn: BeforeAfterOn };
}

interface BoxSpec {
  title: string;
  showCompleted?: boolean;
  autoAdd?: boolean;
  favourite?: boolean;
  children: Array<BoxSpec | TextSpec>;
}

const isBox = (node: BoxSpec | TextSpec): node is BoxSpec => 'children' in node;

/** Inserts demo data for one user; answers the ids of boxes by title (for panes and shares). */
class DemoWriter {
  private priority = 0;
  readonly boxes = new Map<string, string>();

  constructor(
    private readonly trx: Kysely<Database>,
    private readonly userId: string,
    private readonly timezone: string,
    private readonly now: number,
  ) {}

  private noonInDays(days: number): number {
    return todayBounds(this.now, this.timezone).start + days * DAY + 12 * HOUR;
  }

  async box(parentId: string, spec: BoxSpec, position: number): Promise<string> {
    const id = newId();
    this.boxes.set(spec.title, id);
    await this.trx
      .insertInto('items')
      .values({
        id,
        type: 'todoBox',
        title: spec.title,
        parent_id: parentId,
        position,
        show_completed: spec.showCompleted ? 1 : 0,
        auto_add_to_unprioritized: spec.autoAdd ? 1 : 0,
        created_by: this.userId,
        created_at: this.now - 20 * DAY,
        updated_at: this.now - 20 * DAY,
      })
      .execute();
    if (spec.favourite) await this.personal(id, { favourited: 1 });
    let index = 1;
    for (const child of spec.children) {
      if (isBox(child)) await this.box(id, child, index * STEP);
      else await this.text(id, child, index * STEP, index);
      index += 1;
    }
    return id;
  }

  private async text(parentId: string, spec: TextSpec, position: number, age: number): Promise<void> {
    const id = newId();
    const created = this.now - age * DAY;
    await this.trx
      .insertInto('items')
      .values({
        id,
        type: 'todoText',
        title: spec.title,
        parent_id: parentId,
        position,
        completed_at: spec.completed ? this.now - HOUR : null,
        target_date: spec.dueInDays === undefined ? null : this.noonInDays(spec.dueInDays),
        created_by: this.userId,
        created_at: created,
        updated_at: created,
      })
      .execute();
    await insertTagsOf(this.trx, [{ id, type: 'todoText', title: spec.title }]);
    if (spec.organizer || spec.favourite || spec.today) {
      this.priority += PRIORITY_STEP;
      await this.personal(id, {
        favourited: spec.favourite ? 1 : 0,
        prioritizable: spec.organizer ? 1 : 0,
        priority: spec.organizer === 'prioritized' ? this.priority : null,
        marked_for_today: spec.today ? 1 : 0,
      });
    }
    if (spec.reminder && spec.dueInDays !== undefined) {
      const target = this.noonInDays(spec.dueInDays);
      const unitMs = { minutes: 60_000, hours: HOUR, days: DAY, weeks: 7 * DAY, years: 365 * DAY }[
        spec.reminder.unit as 'minutes' | 'hours' | 'days' | 'weeks' | 'years'
      ];
      const offset = spec.reminder.numberOf * unitMs;
      const fireAt =
        spec.reminder.beforeAfterOn === 'before'
          ? target - offset
          : spec.reminder.beforeAfterOn === 'after'
            ? target + offset
            : target;
      const reminderId = newId();
      await this.trx
        .insertInto('reminders')
        .values({
          id: reminderId,
          user_id: this.userId,
          item_id: id,
          number_of: spec.reminder.numberOf,
          unit: spec.reminder.unit,
          before_after_on: spec.reminder.beforeAfterOn,
          repeat: 0,
          linked_directly_to_target_date: 0,
          next_fire_at: fireAt > this.now ? fireAt : null,
          created_at: this.now,
          updated_at: this.now,
        })
        .execute();
      // A reminder that has already fired shows in the Reminders list, unread.
      if (fireAt <= this.now)
        await this.trx
          .insertInto('reminder_events')
          .values({
            id: newId(),
            reminder_id: reminderId,
            user_id: this.userId,
            item_id: id,
            event_date: fireAt,
            unread: 1,
            created_at: this.now,
          })
          .execute();
    }
  }

  async personal(
    itemId: string,
    state: {
      favourited?: number;
      prioritizable?: number;
      priority?: number | null;
      marked_for_today?: number;
    },
  ): Promise<void> {
    await this.trx
      .insertInto('user_items')
      .values({ user_id: this.userId, item_id: itemId, ...state, created_at: this.now, updated_at: this.now })
      .execute();
  }

  async pane(itemId: string, position: number): Promise<void> {
    await this.trx
      .insertInto('panes')
      .values({
        id: newId(),
        user_id: this.userId,
        position,
        type: 'box',
        item_id: itemId,
        created_at: this.now,
      })
      .execute();
  }
}

async function demoUser(
  trx: Kysely<Database>,
  user: { email: string; name: string; locale: string; timezone: string; passwordHash: string },
  now: number,
) {
  const id = newId();
  const rootId = newId();
  await insertUserWithRootBox(
    trx,
    {
      id,
      email: user.email,
      name: user.name,
      password_hash: user.passwordHash,
      locale: user.locale,
      timezone: user.timezone,
      activated_at: now,
      created_at: now,
      updated_at: now,
    },
    rootId,
  );
  return { id, rootId, writer: new DemoWriter(trx, id, user.timezone, now) };
}

/** Fills boxes into a root box in order; answers nothing (titles are in writer.boxes). */
async function fill(writer: DemoWriter, rootId: string, boxes: BoxSpec[]) {
  let index = 1;
  for (const spec of boxes) {
    await writer.box(rootId, spec, index * STEP);
    index += 1;
  }
}

async function share(trx: Kysely<Database>, itemId: string, userId: string, level: Level, now: number) {
  await trx
    .insertInto('item_users')
    .values({ item_id: itemId, user_id: userId, level, created_at: now })
    .execute();
}

/**
 * The full seed's demo data: Alice and Bob (en-GB) and Camille (fr), each with boxes two to
 * three deep, text items (some completed), Organizer priorities, target dates (overdue,
 * today, tomorrow, next week), reminders and open panes; Alice shares 'Holiday in Brittany'
 * with Bob as an editor. Every demo account uses the password given.
 */
export async function runFullSeed(trx: Kysely<Database>, now: number, passwordHash: string): Promise<void> {
  const alice = await demoUser(
    trx,
    {
      email: DEMO_EMAILS.alice,
      name: 'Alice Martin',
      locale: 'en-GB',
      timezone: 'Europe/London',
      passwordHash,
    },
    now,
  );
  await fill(alice.writer, alice.rootId, [
    {
      title: 'Home',
      favourite: true,
      children: [
        {
          title: 'Kitchen renovation',
          children: [
            {
              title: 'Paint samples',
              children: [
                { title: 'Sage green' },
                { title: 'Warm white' },
                { title: 'Terracotta', completed: true },
              ],
            },
            { title: 'Get three quotes for the worktop', dueInDays: 7, organizer: 'prioritized' },
            { title: 'Measure the window', completed: true },
          ],
        },
        { title: 'Fix the dripping tap', dueInDays: -2, organizer: 'prioritized' },
        {
          title: 'Book the boiler service',
          dueInDays: 1,
          organizer: 'prioritized',
          reminder: { numberOf: 1, unit: 'days', beforeAfterOn: 'before' },
        },
        { title: 'Water the plants', today: true, organizer: 'prioritized' },
      ],
    },
    {
      title: 'Work',
      autoAdd: true,
      children: [
        {
          title: 'Prepare the quarterly report',
          dueInDays: 0,
          organizer: 'prioritized',
          reminder: { numberOf: 2, unit: 'hours', beforeAfterOn: 'before' },
        },
        { title: 'Reply to the supplier', organizer: 'unprioritized' },
        { title: 'Plan the team offsite', organizer: 'unprioritized' },
        { title: 'Submit expenses', completed: true },
        {
          title: 'Meetings',
          children: [
            { title: 'Agenda for Monday', dueInDays: 3, organizer: 'prioritized' },
            { title: 'Notes from the review #work' },
          ],
        },
      ],
    },
    {
      title: 'Groceries',
      showCompleted: true,
      children: [
        { title: 'Milk' },
        { title: 'Eggs', completed: true },
        { title: 'Bread' },
        { title: 'Coffee beans', completed: true },
      ],
    },
    {
      title: 'Holiday in Brittany',
      children: [
        {
          title: 'Book the ferry',
          dueInDays: 14,
          organizer: 'prioritized',
          reminder: { numberOf: 1, unit: 'weeks', beforeAfterOn: 'before' },
        },
        { title: 'Find a cottage near Quimper' },
        {
          title: 'Packing list',
          children: [
            { title: 'Raincoats #packing' },
            { title: 'Walking boots #packing' },
            { title: 'Passports', completed: true },
          ],
        },
      ],
    },
  ]);
  await alice.writer.pane(alice.rootId, 1);
  const aliceHome = alice.writer.boxes.get('Home');
  if (aliceHome) await alice.writer.pane(aliceHome, 2);
  const aliceWork = alice.writer.boxes.get('Work');
  if (aliceWork) await alice.writer.pane(aliceWork, 3);

  const bob = await demoUser(
    trx,
    { email: DEMO_EMAILS.bob, name: 'Bob Jones', locale: 'en-GB', timezone: 'Europe/London', passwordHash },
    now,
  );
  await fill(bob.writer, bob.rootId, [
    {
      title: 'Allotment',
      children: [
        { title: 'Sow the broad beans', dueInDays: 2, organizer: 'prioritized' },
        { title: 'Mend the shed door', dueInDays: -1, organizer: 'prioritized' },
        {
          title: 'Seeds to order',
          children: [{ title: 'Carrots' }, { title: 'Runner beans', completed: true }],
        },
      ],
    },
    {
      title: 'Cycling club',
      children: [
        { title: 'Renew membership', dueInDays: 0, organizer: 'prioritized', today: true },
        { title: 'Route for Sunday', organizer: 'unprioritized' },
      ],
    },
  ]);
  await bob.writer.pane(bob.rootId, 1);
  const holiday = alice.writer.boxes.get('Holiday in Brittany');
  if (holiday) {
    await share(trx, holiday, bob.id, 'editor', now);
    await bob.writer.pane(holiday, 2);
  }

  const camille = await demoUser(
    trx,
    {
      email: DEMO_EMAILS.camille,
      name: 'Camille Dubois',
      locale: 'fr',
      timezone: 'Europe/Paris',
      passwordHash,
    },
    now,
  );
  await fill(camille.writer, camille.rootId, [
    {
      title: 'Maison',
      children: [
        {
          title: 'Travaux',
          children: [
            {
              title: 'Appeler le plombier',
              dueInDays: 1,
              organizer: 'prioritized',
              reminder: { numberOf: 3, unit: 'hours', beforeAfterOn: 'before' },
            },
            { title: 'Choisir le carrelage', completed: true },
          ],
        },
        { title: 'Payer la facture d’électricité', dueInDays: -3, organizer: 'prioritized' },
      ],
    },
    {
      title: 'Courses',
      showCompleted: true,
      children: [{ title: 'Baguette' }, { title: 'Fromage', completed: true }, { title: 'Pommes' }],
    },
    {
      title: 'Travail',
      children: [
        { title: 'Préparer la présentation', dueInDays: 0, organizer: 'prioritized' },
        { title: 'Relire le contrat', dueInDays: 7, organizer: 'prioritized' },
        { title: 'Organiser la réunion d’équipe', organizer: 'unprioritized' },
      ],
    },
  ]);
  await camille.writer.pane(camille.rootId, 1);
  const maison = camille.writer.boxes.get('Maison');
  if (maison) await camille.writer.pane(maison, 2);
}
