import { loadSecrets } from '../packages/server/dist/config/secrets.js';
import { type OpenDatabaseOptions, openDatabase } from '../packages/server/dist/db/connection.js';
import { signSessionToken } from '../packages/server/dist/modules/auth/auth.service.js';
import { startAppInWorker } from './lib/app-in-worker.js';
import { seedBenchUser } from './lib/bench-user.js';
import type { Benchmark } from './lib/benchmark.js';
import { onEachEngine } from './lib/engines.js';
import { FRESH_SETTINGS } from './lib/export-file.js';
import { seededRandom } from './lib/random.js';

const ITEMS = 10_000;
const BUDGET_MS = 10_000;
const DAY = 86_400_000;

const WORDS = [
  'kitchen',
  'garden',
  'invoice',
  'holiday',
  'dentist',
  'passport',
  'cuisine',
  'jardin',
  'facture',
  'école',
  'vélo',
  'réunion',
];

/** A tree of ITEMS items: boxes (one in eight) nested up to five deep, titled with words. */
function tree() {
  const next = seededRandom(5);
  const title = () =>
    Array.from({ length: 2 + Math.floor(next() * 4) }, () => WORDS[Math.floor(next() * WORDS.length)]).join(
      ' ',
    );
  interface Node {
    title: string;
    children: Node[] | null;
    dated: boolean;
    ranked: number | null;
  }
  const top: Node[] = [];
  const boxes: { node: Node | null; depth: number }[] = [{ node: null, depth: 0 }];
  for (let n = 0; n < ITEMS; n++) {
    const parent = boxes[Math.floor(next() * boxes.length)] ?? { node: null, depth: 0 };
    const isBox = parent.depth < 5 && next() < 1 / 8;
    const node: Node = {
      title: title(),
      children: isBox ? [] : null,
      dated: !isBox && next() < 0.2,
      ranked: !isBox && next() < 0.1 ? n : null,
    };
    (parent.node?.children ?? top).push(node);
    if (isBox) boxes.push({ node, depth: parent.depth + 1 });
  }
  return top;
}

type Tree = ReturnType<typeof tree>;

/** The tree as a Nestbox export: dates, a reminder on each dated text, ranks. */
function asJson(items: Tree): string {
  let id = 0;
  const now = Date.now();
  const item = (node: Tree[number]): unknown => {
    const common = {
      id: `n${++id}`,
      title: node.title,
      createdAt: now - id,
      completedAt: null,
      archivedAt: null,
      targetDate: node.dated ? now + (id % 30) * DAY : null,
      autoArchive: null,
      mine: {
        favourited: false,
        prioritizable: node.ranked !== null,
        priority: node.ranked === null ? null : (node.ranked + 1) * 16_384,
        markedForToday: false,
      },
      reminders: node.dated
        ? [
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
          ]
        : [],
    };
    return node.children
      ? {
          type: 'box',
          ...common,
          boxType: 'todo',
          settings: { showCompleted: false, autoAddToUnprioritized: true },
          children: node.children.map(item),
        }
      : { type: 'text', ...common };
  };
  return JSON.stringify({
    format: 'nestbox',
    version: 1,
    exportedAt: now,
    settings: FRESH_SETTINGS,
    workspace: items.map(item),
  });
}

const xmlEscaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The tree as an OPML outline (Workflowy's shape). */
function asOpml(items: Tree): string {
  const outline = (node: Tree[number]): string =>
    node.children
      ? `<outline text="${xmlEscaped(node.title)}">${node.children.map(outline).join('')}</outline>`
      : `<outline text="${xmlEscaped(node.title)}"${node.ranked !== null ? ' _complete="true"' : ''}/>`;
  return `<?xml version="1.0"?><opml version="2.0"><head><title>Bench</title></head><body>${items.map(outline).join('\n')}</body></opml>`;
}

/** ITEMS rows of a Todoist template: sections, tasks indented up to four deep, dates in words, priorities. */
function asTodoistCsv(): string {
  const next = seededRandom(9);
  const dates = ['tomorrow', 'next friday', 'in 3 days', 'demain', '12 March', ''];
  const rows = ['TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE'];
  let indent = 1;
  for (let n = 0; n < ITEMS; n++) {
    if (n % 500 === 0) {
      rows.push(`section,Section ${n / 500},,,,,,,,`);
      indent = 1;
      continue;
    }
    indent = Math.max(1, Math.min(4, indent + (next() < 0.3 ? 1 : next() < 0.5 ? -1 : 0)));
    const date = dates[Math.floor(next() * dates.length)] ?? '';
    const language = date === 'demain' ? 'fr' : 'en';
    rows.push(
      `task,Task ${n} ${WORDS[n % WORDS.length]},,${1 + Math.floor(next() * 4)},${indent},Bench (1),,${date},${language},Europe/London`,
    );
  }
  return rows.join('\n');
}

async function measureEngine(label: string, options: OpenDatabaseOptions, dataDir: string) {
  const database = openDatabase(options);
  const { userId } = await seedBenchUser(database.db, `import-bench-${label.toLowerCase()}@example.test`);
  await database.close();
  const secrets = loadSecrets(dataDir);
  const app = await startAppInWorker(dataDir, options);
  try {
    const token = await signSessionToken(secrets.jwtSecret, { userId, tokenVersion: 0, rememberMe: false });
    const items = tree();
    const files: [string, string, string][] = [
      ['Nestbox JSON', 'json', asJson(items)],
      ['OPML', 'opml', asOpml(items)],
      ['Todoist CSV', 'todoist-csv', asTodoistCsv()],
    ];
    const rows: string[] = [];
    let withinBudget = true;
    for (const [name, format, body] of files) {
      const timed = async (dryRun: boolean) => {
        const started = performance.now();
        const res = await fetch(
          `${app.url}/api/import?format=${format}&dryRun=${dryRun ? 1 : 0}&settings=0`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
            body,
          },
        );
        const answer = (await res.json()) as { counts?: { boxes: number; texts: number; dates: number } };
        const elapsed = performance.now() - started;
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(answer)}`);
        return { elapsed, counts: answer.counts };
      };
      const check = await timed(true);
      const imported = await timed(false);
      if (imported.elapsed >= BUDGET_MS) withinBudget = false;
      const counts = imported.counts;
      rows.push(
        `| ${label} | ${name} | ${(body.length / 1024 / 1024).toFixed(1)} MB | ${counts?.boxes.toLocaleString('en-GB')} + ${counts?.texts.toLocaleString('en-GB')} (${counts?.dates.toLocaleString('en-GB')} dated) | ${check.elapsed.toFixed(0)} | ${imported.elapsed.toFixed(0)} |`,
      );
    }
    return { rows, withinBudget };
  } finally {
    await app.close();
  }
}

/**
 * The budget: a 10,000-item import of each format finishes in under 10 s through the real
 * server, SQLite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL.
 */
const benchmark: Benchmark = {
  title: 'Import: 10,000 items of each format through the real server',
  async run() {
    const { results: measured, closing } = await onEachEngine(measureEngine);
    return [
      '| engine | format | file | boxes + texts | dry run ms | import ms |',
      '|---|---|---:|---|---:|---:|',
      ...measured.flatMap((m) => m.rows),
      '',
      `Budget: each import under ${BUDGET_MS / 1000} s: ${measured.every((m) => m.withinBudget) ? 'within' : 'OVER'}.`,
      'Each file posted once as a dry run (read and checked, nothing written), then imported (one transaction: the new box, every item, the personal state of ranked texts, reminders), one after the other into the same account, over loopback HTTP to the server in a thread of its own. JSON: boxes nested five deep, a fifth of the texts dated with a reminder before and the date’s own, a tenth ranked. OPML: the same outline. Todoist: 20 sections, tasks indented up to four deep, dates in words in English and French (read by the capture parser), all four priorities.',
      ...closing,
    ].join('\n');
  },
};

export default benchmark;
