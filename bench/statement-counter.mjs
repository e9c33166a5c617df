/**
 * Loaded into the portal's process by the bench (`node --import bench/statement-counter.mjs …`) when
 * BENCH_STATEMENTS is set: counts the SQL statements each route sends to PostgreSQL through node-postgres, so a
 * peak can say which answers still go to the database and how often, and how many of those went by name. On
 * SIGUSR2 it writes what it counted since the last signal to the file named by BENCH_STATEMENTS_OUT and starts again.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { writeFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";

const pg = createRequire(`${process.cwd()}/package.json`)("pg");
const route = new AsyncLocalStorage();
let counts = new Map();
const countOf = (name) => counts.get(name) ?? counts.set(name, { requests: 0, statements: 0, named: 0 }).get(name);
/** BENCH_STATEMENTS=sql: also which statements, by their first words, per route. */
const withText = process.env.BENCH_STATEMENTS === "sql";
const textOf = (args) => String(typeof args[0] === "string" ? args[0] : (args[0]?.text ?? "")).slice(0, 160);
const routeOf = (method, url) =>
  `${method} ${url.split("?")[0].replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ":id")}`;

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event !== "request") return emit.apply(this, arguments);
  const name = routeOf(req.method, req.url);
  countOf(name).requests++;
  return route.run(name, () => emit.call(this, event, req, res));
};
// The pool hands a client over in the context of whoever released it, so the route is taken when it is asked for.
const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function (cb) {
  const name = route.getStore() ?? "(jobs and events)";
  if (cb)
    return connect.call(this, (err, client, done) => {
      if (client) client.benchRoute = name;
      cb(err, client, done);
    });
  return connect.call(this).then((client) => {
    client.benchRoute = name;
    return client;
  });
};
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function () {
  const c = countOf(this.benchRoute ?? route.getStore() ?? "(jobs and events)");
  c.statements++;
  // Sent by name: parsed once per connection (db/client.ts names them, or preparedQuery built them).
  if (arguments[0]?.name) c.named++;
  if (withText) {
    const text = textOf(arguments);
    (c.texts ??= {})[text] = (c.texts[text] ?? 0) + 1;
  }
  return query.apply(this, arguments);
};
process.on("SIGUSR2", () => {
  writeFileSync(process.env.BENCH_STATEMENTS_OUT, JSON.stringify(Object.fromEntries(counts)));
  counts = new Map();
});
