import { type Kysely, sql } from 'kysely';

/**
 * What a CalDAV client chose for a text it made or changed, kept so that it finds the text
 * again as it left it: the resource's name in its collection (`…/<name>`), the iCalendar UID,
 * and the properties Nestbox does not model (X- properties, for one), given back as sent.
 * A text no client named has no row: its name is `<id>.ics` and its UID its id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table caldav_objects (
      item_id text primary key references items (id) on delete cascade,
      name text not null unique,
      uid text not null unique,
      extra text not null default '')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table caldav_objects`.execute(db);
}
