// Kysely's SQLite driver with a cheaper turn of its one connection. SQLite has a single connection, which Kysely's
// SqliteDriver lends out under a mutex: each query's acquire and release are async functions around a lock that is
// itself an async function making a new promise. Here a free connection is lent with a promise made once, and given
// back synchronously; a query that finds it lent waits in line and is handed it directly when its turn comes (first
// come, first served). That is five promises a query fewer.
// Beginning, committing, savepoints, streaming and closing stay Kysely's own.
//
// Why it matters: a GET /api/user runs two queries, and every promise the process makes pays the request context's
// promise hooks (server/async-context.ts) as well as its own allocation: `npm run bench -- observability` counts the
// promises per request. test/server/sqlite-driver.test.ts holds the lending rules.
import { SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';

const RELEASED: Promise<void> = Promise.resolve();

class OneConnectionDriver extends SqliteDriver {
  #connection: DatabaseConnection | null = null;
  /** The connection, already resolved: what a free acquire answers, without a promise of its own. */
  #lent: Promise<DatabaseConnection> | null = null;
  #busy = false;
  readonly #waiting: ((connection: DatabaseConnection) => void)[] = [];

  override async init(): Promise<void> {
    await super.init();
    // Kysely's driver keeps its connection private: borrowed once through its own mutex, then lent from here.
    const connection = await super.acquireConnection();
    await super.releaseConnection();
    this.#connection = connection;
    this.#lent = Promise.resolve(connection);
  }

  override acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#lent) return Promise.reject(new Error('The SQLite driver was not initialised'));
    if (!this.#busy) {
      this.#busy = true;
      return this.#lent;
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  override releaseConnection(): Promise<void> {
    const next = this.#waiting.shift();
    // Handed straight to the next in line: the connection stays lent.
    if (next) next(this.#connection!);
    else this.#busy = false;
    return RELEASED;
  }
}

/** Kysely's SqliteDialect on OneConnectionDriver. */
export class OneConnectionSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];

  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new OneConnectionDriver(this.#config);
  }
}
