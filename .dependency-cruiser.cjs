/**
 * The boundaries between the parts of the code, checked by `npm run lint`
 * (dependency-cruiser): a rule broken is a failed build, not a comment in review.
 */
module.exports = {
  forbidden: [
    {
      // The known cycles (auth ↔ users ↔ realtime) are listed on every run until the
      // architecture step breaks them; then this becomes an error.
      name: 'no-circular',
      severity: 'warn',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-module-reaches-into-another',
      comment:
        'A module owns its data: another module uses it through its service or its index.ts, never through its repository or its commands.',
      severity: 'error',
      from: { path: '^packages/server/src/modules/([^/]+)/' },
      to: {
        path: '^packages/server/src/modules/[^/]+/(.+[.]repository[.]ts|commands/)',
        pathNot: '^packages/server/src/modules/$1/',
      },
    },
    {
      name: 'server-outside-modules-reaches-into-a-repository',
      comment:
        "Code outside the modules (app, jobs, realtime, seeds, command line, tests' helpers) reaches a module through its index.ts or its service, never its repository.",
      severity: 'error',
      from: { path: '^packages/server/src/', pathNot: '^packages/server/src/modules/' },
      to: { path: '^packages/server/src/modules/[^/]+/(.+[.]repository[.]ts|commands/)' },
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
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
  },
};
