/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { Util } from 'lighthouse/shared/util.js';
import puppeteer from 'puppeteer-core';
import { signSessionToken } from '../packages/server/dist/modules/auth/auth.service.js';
import { seedUserWithPanes } from './lib/bench-user.js';
import type { Benchmark } from './lib/benchmark.js';
import { startBuiltApp } from './lib/built-app.js';

const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/**
 * Headless Chromium with nothing of its own on the network: background requests (updates,
 * sync, component downloads) would only wait on refused connections and skew the timings.
 */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PANES = 3;
/**
 * What each audited page must show, by selector, so that no score is one of an error page or
 * of the login form standing in for a session that did not reach the app.
 */
const LOGIN_SHOWS = { 'password field': 'input[type="password"]' };
const BOXES_SHOW = { panes: 'section[data-pane-id]', rows: 'section[data-pane-id] [data-item-id]' };
const BUDGET = { performance: 90, lcpMs: 2500, tbtMs: 200, accessibility: 95 };
const TOP_DIAGNOSTICS = 5;
/** Kinds of element named per failing accessibility audit; the count covers them all. */
const GROUPS_SHOWN = 5;

interface Audited {
  label: string;
  lhr: Result;
  /** What the page showed after the audit, e.g. "3 panes, 33 rows". */
  shown: string;
}

/**
 * Audits `url` once with Lighthouse's defaults (mobile, simulated throttling) in a Chromium of
 * its own, so the HTTP cache is cold. With a `token`, the session is put in localStorage first
 * from a page of the same origin that loads none of the app (`/api/health`), and Lighthouse is
 * told not to reset storage, which would sign the page out. Throws when the page did not end
 * up at `url` showing at least one element for each of `shows` (name → selector).
 */
async function audit(
  label: string,
  url: string,
  shows: Record<string, string>,
  token?: string,
): Promise<Audited> {
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    // Headless through CHROMIUM_FLAGS, so that these flags are the whole of the mode's choice.
    headless: false,
    args: CHROMIUM_FLAGS,
    defaultViewport: null,
  });
  try {
    const page = await browser.newPage();
    if (token) {
      await page.goto(new URL('/api/health', url).href);
      await page.evaluate((value) => localStorage.setItem('nestbox.token', value), token);
    }
    const flags: Flags = {
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
    };
    const result = await lighthouse(url, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const at = new URL(page.url()).pathname;
    if (at !== new URL(url).pathname) throw new Error(`${url} ended on ${at}`);
    const shown: string[] = [];
    for (const [name, selector] of Object.entries(shows)) {
      await page.waitForSelector(selector, { timeout: 10_000 });
      shown.push(`${await page.$$eval(selector, (elements) => elements.length)} ${name}`);
    }
    return { label, lhr, shown: shown.join(', ') };
  } finally {
    await browser.close();
  }
}

const score = (lhr: Result, category: string) => {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? Number.NaN : Math.round(value * 100);
};
const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The budget's failures for one page, or "within" when there are none. */
function verdict(lhr: Result): string {
  const performance = score(lhr, 'performance');
  const accessibility = score(lhr, 'accessibility');
  const lcp = metric(lhr, 'largest-contentful-paint');
  const tbt = metric(lhr, 'total-blocking-time');
  const failures = [
    !(performance >= BUDGET.performance) && `performance ${performance} < ${BUDGET.performance}`,
    !(lcp <= BUDGET.lcpMs) && `LCP ${seconds(lcp)} > ${seconds(BUDGET.lcpMs)}`,
    !(tbt <= BUDGET.tbtMs) && `TBT ${Math.round(tbt)} ms > ${BUDGET.tbtMs} ms`,
    !(accessibility >= BUDGET.accessibility) && `accessibility ${accessibility} < ${BUDGET.accessibility}`,
  ].filter((failure) => failure !== false);
  return failures.length === 0 ? 'within' : `**over**: ${failures.join(', ')}`;
}

function row({ label, lhr }: Audited): string {
  const cells = [
    label,
    score(lhr, 'performance'),
    score(lhr, 'accessibility'),
    seconds(metric(lhr, 'first-contentful-paint')),
    seconds(metric(lhr, 'largest-contentful-paint')),
    `${Math.round(metric(lhr, 'total-blocking-time'))} ms`,
    metric(lhr, 'cumulative-layout-shift').toFixed(3),
    seconds(metric(lhr, 'speed-index')),
    verdict(lhr),
  ];
  return `| ${cells.join(' | ')} |`;
}

/** Inline code that survives backticks and line breaks in what it quotes. */
const code = (text: string) => `\`${text.replace(/\s+/g, ' ').replaceAll('`', "'")}\``;
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

type Details = Result['audits'][string]['details'];
type NodeValue = {
  type: 'node';
  selector?: string;
  snippet?: string;
  nodeLabel?: string;
  explanation?: string;
};

/** The elements an audit's tables name (for axe audits, its failing nodes). */
function nodesOf(details: Details): NodeValue[] {
  if (details?.type === 'list')
    return details.items.flatMap((item) => (item.type === 'table' ? nodesOf(item) : []));
  if (details?.type !== 'table') return [];
  return details.items.flatMap((item) => {
    const node = item.node;
    return typeof node === 'object' && node !== null && 'type' in node && node.type === 'node' ? [node] : [];
  });
}

/** An element as "`selector` (“label”)". */
function describeNode(node: NodeValue): string {
  const label = node.nodeLabel && node.nodeLabel !== node.selector ? ` (“${oneLine(node.nodeLabel)}”)` : '';
  return `${code(node.selector ?? node.snippet ?? 'unnamed element')}${label}`;
}

/**
 * Failing accessibility audits: id, title and how many elements, then the elements grouped by
 * selector (generated ids left out, so the same control in every row is one group) and label,
 * with how many of each and axe's explanation of the first.
 */
function accessibilityFailures(lhr: Result): string[] {
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  return refs.flatMap((ref) => {
    const result = lhr.audits[ref.id];
    if (result?.scoreDisplayMode !== 'binary' || result.score === 1) return [];
    const nodes = nodesOf(result.details);
    const groups = new Map<string, { node: NodeValue; count: number }>();
    for (const node of nodes) {
      const key = `${(node.selector ?? '').replace(/#[^\s>.:[]+/g, '')} ${node.nodeLabel ?? ''}`;
      const group = groups.get(key);
      if (group) group.count++;
      else groups.set(key, { node, count: 1 });
    }
    const shown = [...groups.values()].slice(0, GROUPS_SHOWN).map(({ node, count }) => {
      const why = node.explanation ? `: ${oneLine(node.explanation)}` : '';
      return `  - ${count} × ${describeNode(node)}${why}`;
    });
    if (groups.size > GROUPS_SHOWN) shown.push(`  - and ${groups.size - GROUPS_SHOWN} more kinds of element`);
    const count = `${nodes.length} element${nodes.length === 1 ? '' : 's'}`;
    return [`- \`${ref.id}\` ${result.title} (${count})`, ...shown];
  });
}

interface Impact {
  id: string;
  overall: number;
  linear: number;
  score: number;
  guidance: number;
}

/**
 * The performance diagnostics Lighthouse's report shows as not passed, in the report's order:
 * worst score first, then by the estimated gain in performance score from their metric
 * savings (each metric's log-normal score recomputed at its value minus the savings, times
 * the metric's weight), then by the savings relative to the metrics, then by guidance level.
 */
function topDiagnostics(lhr: Result): string[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const metrics = refs.filter((ref) => ref.group === 'metrics');
  const impacts: Impact[] = refs.flatMap((ref) => {
    const result = lhr.audits[ref.id];
    if (ref.group !== 'diagnostics' || !result) return [];
    const mode = result.scoreDisplayMode;
    if (mode === 'notApplicable' || mode === 'manual') return [];
    if (mode !== 'informative' && mode !== 'error' && Number(result.score) >= Util.PASS_THRESHOLD) return [];
    let overall = 0;
    let linear = 0;
    for (const [acronym, savings] of Object.entries(result.metricSavings ?? {})) {
      const metricRef = metrics.find((m) => m.acronym === acronym);
      const metricResult = metricRef && lhr.audits[metricRef.id];
      if (savings === undefined || !metricRef || !metricResult?.numericValue) continue;
      if (metricResult.score === null) continue;
      linear += (savings / metricResult.numericValue) * metricRef.weight;
      if (!metricResult.scoringOptions) continue;
      const improved = Util.computeLogNormalScore(
        metricResult.scoringOptions,
        metricResult.numericValue - savings,
      );
      overall += (improved - metricResult.score) * metricRef.weight;
    }
    return [{ id: ref.id, overall, linear, score: result.score ?? 0, guidance: result.guidanceLevel ?? 1 }];
  });
  impacts.sort(
    (a, b) =>
      a.score - b.score ||
      b.overall * b.guidance - a.overall * a.guidance ||
      b.linear * b.guidance - a.linear * a.guidance ||
      b.guidance - a.guidance,
  );
  return impacts.slice(0, TOP_DIAGNOSTICS).map(({ id }) => {
    const result = lhr.audits[id];
    if (!result) return `- \`${id}\``;
    const savings = Object.entries(result.metricSavings ?? {})
      .filter((entry): entry is [string, number] => entry[1] !== undefined && entry[1] > 0)
      .map(
        ([acronym, value]) =>
          `${acronym} −${acronym === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`}`,
      );
    const shown = [
      result.displayValue,
      savings.length > 0 ? `estimated savings ${savings.join(', ')}` : 'no metric savings estimated',
    ]
      .filter(Boolean)
      .join('; ');
    return `- \`${id}\` ${result.title}: ${shown}`;
  });
}

function findings(audited: Audited): string {
  const a11y = accessibilityFailures(audited.lhr);
  const lcpElement = nodesOf(audited.lhr.audits['largest-contentful-paint-element']?.details).at(0);
  const lcp = lcpElement ? `; LCP element ${describeNode(lcpElement)}` : '';
  // What moved, when anything did: the elements of the layout shifts Lighthouse saw.
  const shifted = nodesOf(audited.lhr.audits['layout-shifts']?.details).map(describeNode);
  return [
    `**${audited.label}** (after the audit: ${audited.shown}${lcp})`,
    '',
    ...(shifted.length > 0
      ? ['Elements that moved (layout shifts):', '', ...shifted.map((element) => `- ${element}`), '']
      : []),
    'Failing accessibility audits:',
    '',
    ...(a11y.length > 0 ? a11y : ['- none']),
    '',
    `Top ${TOP_DIAGNOSTICS} performance diagnostics, as Lighthouse's report orders them:`,
    '',
    ...topDiagnostics(audited.lhr),
  ].join('\n');
}

/**
 * Lighthouse (performance and accessibility) in Debian's Chromium against the built app:
 * `/login` logged out and a signed-in `/app/boxes` with three panes of 50 texts, one run each.
 */
const benchmark: Benchmark = {
  title: 'Lighthouse: performance and accessibility of /login and /app/boxes (mobile)',
  async run() {
    const load = loadavg()[0] ?? Number.NaN;
    const server = await startBuiltApp('lighthouse', (database) =>
      seedUserWithPanes(database.db, 'bench-lighthouse@example.test', { panes: PANES, texts: 50 }),
    );
    const userId = server.seeded;
    try {
      const { base, secrets } = server;
      const token = await signSessionToken(secrets.jwtSecret, { userId, tokenVersion: 0, rememberMe: false });
      const login = await audit('/login', `${base}/login`, LOGIN_SHOWS);
      const boxes = await audit('/app/boxes, three panes of 50', `${base}/app/boxes`, BOXES_SHOW, token);
      const jsonDir = mkdtempSync(path.join(tmpdir(), 'nestbox-bench-lighthouse-json-'));
      writeFileSync(path.join(jsonDir, 'login.json'), JSON.stringify(login.lhr));
      writeFileSync(path.join(jsonDir, 'boxes.json'), JSON.stringify(boxes.lhr));
      console.log(`Full Lighthouse results: ${jsonDir}`);
      const version = execFileSync(chromiumPath, ['--version'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
      return [
        '| page | performance | accessibility | FCP | LCP | TBT | CLS | Speed Index | verdict |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---|',
        row(login),
        row(boxes),
        '',
        `Budget: performance ≥ ${BUDGET.performance}, LCP ≤ ${seconds(BUDGET.lcpMs)}, TBT ≤ ${BUDGET.tbtMs} ms, accessibility ≥ ${BUDGET.accessibility}.`,
        '',
        `Lighthouse ${login.lhr.lighthouseVersion}, its default mobile settings (${login.lhr.configSettings.screenEmulation.width} × ${login.lhr.configSettings.screenEmulation.height}, simulated throttling: ${login.lhr.configSettings.throttling.rttMs} ms RTT, ${Math.round(login.lhr.configSettings.throttling.throughputKbps)} kbit/s, CPU slowed ${login.lhr.configSettings.throttling.cpuSlowdownMultiplier}×), one run per page, each in a fresh ${version} (\`${chromiumPath}\`, headless) with a cold cache, against the built app on SQLite in the same process. /app/boxes is signed in by a session token put in localStorage beforehand; Lighthouse's storage reset is off for both pages. Scores from one run are noisy, the more so on a busy machine: the 1-minute load average was ${load.toFixed(1)} on ${cpus().length} cores when the run began.`,
        '',
        findings(login),
        '',
        findings(boxes),
      ].join('\n');
    } finally {
      await server.close();
    }
  },
};

export default benchmark;
