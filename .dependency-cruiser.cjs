/**
 * The layers, checked by `npm run lint:deps` in the test run (decision 143).
 * Server: http -> services -> repositories/adapters/domain, never back; jobs -> services; auth is
 * given what it needs from services (main.ts/container.ts inject it); no import circles.
 */
const server = '^apps/server/src/';

/** A rule that `from` may not import any of `to` (paths below apps/server/src). */
const forbid = (name, comment, from, to) => ({
  name,
  comment,
  severity: 'error',
  from: { path: `${server}(${from})`, pathNot: '\\.test\\.ts$' },
  to: { path: `${server}(${to})` },
});

module.exports = {
  forbidden: [
    {
      name: 'server-no-circle',
      comment: 'apps/server has no import circle: a circle means a layer imports upward.',
      severity: 'error',
      from: { path: server },
      to: { circular: true },
    },
    forbid('domain-is-pure', 'domain/ holds pure rules: it imports no other server layer (the config\'s shape aside).', 'domain/', '(?!domain/|config\\.ts$)'),
    forbid('adapters-below-services', 'adapters/ are drivers of the ports: no services, routes, jobs or auth.', 'adapters/', 'services/|http/|jobs/|auth/|repositories/|container\\.ts|composition\\.ts|main\\.ts'),
    forbid('repositories-below-services', 'repositories/ touch Drizzle only: no services, routes, jobs or auth.', 'repositories/', 'services/|http/|jobs/|auth/|mail/|container\\.ts|composition\\.ts|main\\.ts'),
    forbid('services-below-http', 'services/ never import routes, middleware, jobs, auth or the container.', 'services/', 'http/|jobs/|auth/|container\\.ts|composition\\.ts|main\\.ts|app\\.ts'),
    forbid('http-through-services', 'http/ reaches data through services, never repositories; jobs are enqueued by services.', 'http/', 'repositories/|jobs/|composition\\.ts|main\\.ts'),
    forbid('jobs-through-services', 'jobs/ reach data through services, never repositories or http.', 'jobs/', 'repositories/|http/|auth/|container\\.ts|composition\\.ts|main\\.ts|app\\.ts'),
    forbid('auth-without-services', 'auth/ is given what it needs from services (injected by the container), never imports them.', 'auth/', 'services/|http/|jobs/|container\\.ts|composition\\.ts|main\\.ts|app\\.ts'),
    forbid('mail-is-a-leaf', 'mail/ renders and dispatches mail: no services, routes, jobs or auth.', 'mail/', 'services/|http/|jobs/|auth/|repositories/|container\\.ts|composition\\.ts|main\\.ts'),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
