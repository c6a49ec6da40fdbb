// A bare Fastify in a thread of its own: the twin each API route is measured against. It
// answers each given path with the given bytes (as JSON), and `/` with a hello-world. Given
// `floor` (a SQLite file, a user and a box), `/floor/pane` is the pane read's true floor: one
// better-sqlite3 prepared statement reading the box and its open texts with the user's own
// state, each row made into the API's item, and JSON.stringify of the answer. No sign-in, no
// access check, no validation: what any implementation of that read must do, and no more.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
for (const { path, body } of workerData.routes) {
  app.get(path, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(body);
  });
}

const inRange = (ms) => (ms !== null && ms >= -50_400_000 && ms <= 253_402_343_999_999 ? ms : null);
/** A row as the API's item, field for field as the server presents it to its owner. */
const itemOf = (row, subItemsIndex) => ({
  _id: row.id,
  title: row.title,
  itemType: row.type,
  boxType: row.box_type,
  parentItemId: row.parent_id,
  isRootBox: row.is_root_box === 1,
  completed: row.completed_at !== null,
  archivedDate: row.archived_at,
  favourited: row.favourited === 1,
  prioritizable: row.prioritizable === 1,
  priority: row.priority,
  priorityTargetDate: inRange(row.target_date),
  targetHasTime: row.target_date === null ? null : row.target_has_time === 1,
  recurrence: row.recurrence_rule,
  recurFromCompletion: row.recur_from_completion === 1,
  markedAsForToday: row.marked_for_today === 1,
  createdDate: row.created_at,
  autoArchiveAmount: row.auto_archive_amount,
  autoArchiveDuration: row.auto_archive_duration,
  autoArchiveTimestamp: inRange(row.auto_archive_at),
  settings: {
    autoAddToUnprioritized: row.auto_add_to_unprioritized === 1,
    showCompletedItems: row.show_completed === 1,
  },
  note: row.note ?? '',
  commentCount: row.comment_count,
  accessLevel: 'owner',
  abilities: {
    edit: true,
    archive: row.is_root_box !== 1,
    share: row.is_root_box !== 1,
    changeLevels: row.is_root_box !== 1,
    move: row.is_root_box !== 1,
    prioritize: row.type === 'todoText',
    setReminders: true,
  },
  ...(subItemsIndex ? { subItemsIndex } : {}),
});

if (workerData.floor) {
  const { sqliteFile, userId } = workerData.floor;
  const db = new Database(sqliteFile, { readonly: true });
  const read = db.prepare(`select i.*, ui.favourited, ui.prioritizable, ui.priority, ui.marked_for_today
    from items i left join user_items ui on ui.item_id = i.id and ui.user_id = ?
    where i.id = ? or (i.parent_id = ? and i.archived_at is null and i.completed_at is null)
    order by i.parent_id = ?, i.position`);
  app.get('/floor/pane', (request, reply) => {
    const { itemId } = request.query;
    const [box, ...children] = read.all(userId, itemId, itemId, itemId);
    const items = children.map((row) => itemOf(row));
    const answer = {
      item: itemOf(
        box,
        items.map((item) => item._id),
      ),
      items,
    };
    reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
  });
}

const url = await app.listen({ port: 0, host: '127.0.0.1' });
parentPort.on('message', async (message) => {
  if (message !== 'close') return;
  await app.close();
  parentPort.postMessage('closed');
});
parentPort.postMessage({ url });
