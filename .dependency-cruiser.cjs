/**
 * The boundaries between the parts of the code, checked by `npm run lint`
 * (dependency-cruiser): a rule broken is a failed build, not a comment in review. That no file
 * re-exports a repository is checked by Biome (scripts/lint/no-repository-re-export.grit).
 */
const MODULES = '^packages/server/src/modules/';

/** A module's public files: `<area>.service.ts` and `<area>.contract.ts` in its own folder. */
const PUBLIC_FACE = `${MODULES}([^/]+)/\\1[.](service|contract)[.]ts$`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles: each part of the code can be read, tested and changed from the bottom up.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-module-imports-past-a-public-face',
      comment:
        'A module owns its data and its inner files: another module uses it only through its public files, <area>.service.ts (what it does) and <area>.contract.ts (its types, ports and events), never its repository, commands, presenter or anything else inside.',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/` },
      to: { path: MODULES, pathNot: [`${MODULES}$1/`, PUBLIC_FACE] },
    },
    {
      name: 'server-service-imports-kysely',
      comment:
        'Only repositories know the query builder: a service takes an Executor (db/schema.ts) and hands it to its repository, which writes the SQL.',
      severity: 'error',
      from: { path: `${MODULES}[^/]+/[^/]+[.]service[.]ts$` },
      to: { path: 'node_modules/kysely/' },
    },
    {
      name: 'server-outside-modules-reaches-into-a-repository',
      comment:
        "Code outside the modules (app, jobs, realtime, seeds, command line, tests' helpers) never reaches into a module's repository or commands: app.ts builds the services and registers the routes, the rest use services and contracts.",
      severity: 'error',
      from: { path: '^packages/server/src/', pathNot: MODULES },
      to: { path: `${MODULES}[^/]+/(.+[.]repository[.]ts|commands/)` },
    },
    {
      name: 'server-loads-an-occasional-library-at-start',
      comment:
        "Libraries a server at rest has no use for (mail, the S3 SDK, the PostgreSQL and Redis clients where they are not configured, the common-password lists, QR codes, Slack's client, libvips, WebAuthn) are imported where first used, with import(): imported at the top they would hold megabytes of every instance's memory (docs/performance.md). Types may be imported.",
      severity: 'error',
      from: {
        path: '^packages/server/src/',
        pathNot: [
          '[.]test[.]ts$',
          '^packages/server/src/test/',
          '^packages/server/src/cli/',
          '^packages/server/src/db/backup[.]ts$',
        ],
      },
      to: {
        path: 'node_modules/(nodemailer|@aws-sdk/|pg|ioredis|@zxcvbn-ts/|qrcode|@slack/web-api|sharp|@simplewebauthn/server)/',
        dependencyTypesNot: ['type-only', 'dynamic-import'],
      },
    },
    {
      name: 'web-feature-imports-another-feature',
      comment: 'A web feature stands alone: what two features share goes to components, hooks or lib.',
      severity: 'error',
      from: { path: '^packages/web/src/features/([^/]+)/' },
      to: { path: '^packages/web/src/features/', pathNot: '^packages/web/src/features/$1/' },
    },
    {
      name: 'web-upward-import',
      comment:
        'The web app imports one way: app → features → components, hooks, lib, config. Shared code never imports a feature or the app shell, and a feature never imports the app shell.',
      severity: 'error',
      from: { path: '^packages/web/src/(components|hooks|lib|config|features)/' },
      to: { path: '^packages/web/src/app/' },
    },
    {
      name: 'web-shared-code-imports-a-feature',
      severity: 'error',
      from: { path: '^packages/web/src/(components|hooks|lib|config)/' },
      to: { path: '^packages/web/src/features/' },
    },
    {
      name: 'shared-does-io',
      comment:
        'packages/shared holds rules with no I/O, run by the server and the browser alike: no Node built-ins, no server or web code, no package but the pure ones listed here.',
      severity: 'error',
      from: { path: '^packages/shared/src/', pathNot: '[.]test[.]ts$' },
      to: {
        dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'],
        // chrono-node reads dates written in words (quick capture, a line typed in a pane, an
        // imported task's date): pure text-to-date rules that the server and the browser share.
        // rrule steps recurring items' RFC 5545 rules, on both sides too.
        pathNot: ['node_modules/(zod|date-fns|@date-fns/tz|chrono-node|rrule|tslib)/'],
      },
    },
    {
      name: 'shared-imports-an-app',
      severity: 'error',
      from: { path: '^packages/shared/src/' },
      to: { path: '^packages/(server|web)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The packages' build output; a package in node_modules may resolve into its own dist/.
    exclude: { path: '^packages/[^/]+/dist/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
  },
};
