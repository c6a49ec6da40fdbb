/** One line of a chart: its points (x, y); points that are not positive numbers are left out. */
export interface ChartSeries {
  /** What the line is (the legend names it by its colour and its dash). */
  metric: string;
  /** Which run it is (an engine, say): each group gets a dash of its own. */
  group: string;
  points: { x: number; y: number }[];
}

/** A panel of the chart: its own y axis (one unit), its lines. */
export interface ChartPanel {
  title: string;
  unit: string;
  series: ChartSeries[];
}

const COLOURS = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#393b79',
  '#637939',
  '#e7969c',
  '#7b4173',
  '#31a354',
  '#fd8d3c',
];
const DASHES = ['', '6 4', '2 3', '10 3 2 3'];
const LEGEND_ENTRY = 340;
const PANEL = { width: 520, height: 380, left: 64, right: 16, top: 40, bottom: 48 };

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Whole powers of ten from below the smallest value to above the largest. */
function decades(values: number[]): { low: number; high: number } {
  const low = Math.floor(Math.log10(Math.min(...values)));
  const high = Math.ceil(Math.log10(Math.max(...values)));
  return { low, high: high > low ? high : low + 1 };
}

const tickLabel = (power: number) => {
  const value = 10 ** power;
  if (value >= 1_000_000) return `${value / 1_000_000}M`;
  if (value >= 1_000) return `${value / 1_000}k`;
  return String(Number(value.toPrecision(1)));
};

/** One panel, its top left corner at (x0, 0), its lines coloured by `colourOf`. */
function panelSvg(
  panel: ChartPanel,
  x0: number,
  colourOf: (metric: string) => string,
  dashOf: (group: string) => string,
) {
  const plotted = panel.series.map((line) => ({
    ...line,
    points: line.points.filter((p) => p.x > 0 && p.y > 0 && Number.isFinite(p.x) && Number.isFinite(p.y)),
  }));
  const all = plotted.flatMap((line) => line.points);
  const width = PANEL.width - PANEL.left - PANEL.right;
  const height = PANEL.height - PANEL.top - PANEL.bottom;
  const out: string[] = [
    `<text x="${x0 + PANEL.width / 2}" y="20" text-anchor="middle" font-weight="bold">${escaped(panel.title)}</text>`,
  ];
  if (all.length === 0) {
    out.push(
      `<text x="${x0 + PANEL.width / 2}" y="${PANEL.height / 2}" text-anchor="middle">no figures</text>`,
    );
    return out.join('\n');
  }
  const xs = decades(all.map((p) => p.x));
  const ys = decades(all.map((p) => p.y));
  const sx = (x: number) => x0 + PANEL.left + ((Math.log10(x) - xs.low) / (xs.high - xs.low)) * width;
  const sy = (y: number) => PANEL.top + height - ((Math.log10(y) - ys.low) / (ys.high - ys.low)) * height;
  for (let power = xs.low; power <= xs.high; power++) {
    const x = sx(10 ** power).toFixed(1);
    out.push(
      `<line x1="${x}" y1="${PANEL.top}" x2="${x}" y2="${PANEL.top + height}" stroke="#ddd"/>`,
      `<text x="${x}" y="${PANEL.top + height + 16}" text-anchor="middle">${tickLabel(power)}</text>`,
    );
  }
  for (let power = ys.low; power <= ys.high; power++) {
    const y = sy(10 ** power).toFixed(1);
    out.push(
      `<line x1="${x0 + PANEL.left}" y1="${y}" x2="${x0 + PANEL.left + width}" y2="${y}" stroke="#ddd"/>`,
      `<text x="${x0 + PANEL.left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${tickLabel(power)}</text>`,
    );
  }
  out.push(
    `<rect x="${x0 + PANEL.left}" y="${PANEL.top}" width="${width}" height="${height}" fill="none" stroke="#888"/>`,
    `<text x="${x0 + PANEL.left + width / 2}" y="${PANEL.height - 10}" text-anchor="middle">items</text>`,
    `<text transform="translate(${x0 + 14} ${PANEL.top + height / 2}) rotate(-90)" text-anchor="middle">${escaped(panel.unit)}</text>`,
  );
  for (const line of plotted) {
    if (line.points.length === 0) continue;
    const colour = colourOf(line.metric);
    const dash = dashOf(line.group);
    const d = line.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`);
    out.push(
      `<path d="${d.join(' ')}" fill="none" stroke="${colour}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}><title>${escaped(`${line.metric}, ${line.group}`)}</title></path>`,
      ...line.points.map(
        (p) => `<circle cx="${sx(p.x).toFixed(1)}" cy="${sy(p.y).toFixed(1)}" r="2.5" fill="${colour}"/>`,
      ),
    );
  }
  return out.join('\n');
}

/**
 * A log-log line chart as SVG text, panels side by side (each with its own y axis), and one
 * legend under them: a colour per metric, a dash per group.
 */
export function logLogChart(title: string, panels: ChartPanel[]): string {
  const metrics = [...new Set(panels.flatMap((panel) => panel.series.map((line) => line.metric)))];
  const groups = [...new Set(panels.flatMap((panel) => panel.series.map((line) => line.group)))];
  const colourOf = (metric: string) => COLOURS[metrics.indexOf(metric) % COLOURS.length] ?? '#000';
  const dashOf = (group: string) => DASHES[groups.indexOf(group) % DASHES.length] ?? '';
  const width = PANEL.width * panels.length;
  const perRow = Math.max(1, Math.floor(width / LEGEND_ENTRY));
  const legendRows = Math.ceil((metrics.length + groups.length) / perRow);
  const top = 30;
  const height = top + PANEL.height + 16 + legendRows * 20 + 10;
  const legend = [
    ...metrics.map((metric) => ({ label: metric, colour: colourOf(metric), dash: '' })),
    ...groups.map((group) => ({ label: group, colour: '#333', dash: dashOf(group) })),
  ].map((entry, i) => {
    const x = 16 + (i % perRow) * LEGEND_ENTRY;
    const y = top + PANEL.height + 16 + Math.floor(i / perRow) * 20;
    return `<line x1="${x}" y1="${y}" x2="${x + 30}" y2="${y}" stroke="${entry.colour}" stroke-width="2"${entry.dash ? ` stroke-dasharray="${entry.dash}"` : ''}/><text x="${x + 36}" y="${y}" dominant-baseline="middle">${escaped(entry.label)}</text>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${width / 2}" y="20" text-anchor="middle" font-size="15" font-weight="bold">${escaped(title)}</text>`,
    `<g transform="translate(0 ${top})">`,
    ...panels.map((panel, i) => panelSvg(panel, i * PANEL.width, colourOf, dashOf)),
    '</g>',
    ...legend,
    '</svg>',
    '',
  ].join('\n');
}
