/* SPDX-License-Identifier: ISC */
/*
 * The SQLite store's schema as text: every migration, and the current
 * schema for a new store (store-sqlite-schema.h).
 */
#include "store-impl.h"
#include "store-sqlite-schema.h"

/*
 * Migrations: entry i takes the schema from user_version i to i + 1. Never
 * edit a released entry; append a new one.
 */

/*
 * Tables, indexes and the trigger that the migrations made once and the
 * current schema (store_sqlite_schema) makes as they are: one text for both.
 */
/* The columns of values since version 5 (after "CREATE TABLE name ("). */
#define SQ_RESULTS_COLUMNS \
	"  id INTEGER PRIMARY KEY," \
	"  test_id INTEGER NOT NULL REFERENCES tests(id) ON DELETE CASCADE," \
	"  pos INTEGER NOT NULL, system_id INTEGER NOT NULL," \
	"  mean REAL, se REAL, n INTEGER NOT NULL DEFAULT 0, min REAL, max REAL," \
	"  value_text TEXT, raw_string TEXT, json_raw TEXT, note TEXT, error TEXT," \
	"  runs BLOB,"
#define SQ_SOURCES \
	"CREATE TABLE sources (" \
	"  id INTEGER PRIMARY KEY," \
	"  path TEXT," \
	"  sha256 TEXT UNIQUE," \
	"  format TEXT," \
	"  size INTEGER," \
	"  imported_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now'))" \
	");"
#define SQ_SET_EXTRA \
	"CREATE TABLE result_set_extra (" \
	"  set_id INTEGER NOT NULL REFERENCES result_sets(id) ON DELETE CASCADE," \
	"  pos INTEGER NOT NULL, key TEXT NOT NULL, value TEXT," \
	"  PRIMARY KEY (set_id, pos)" \
	") WITHOUT ROWID;"
#define SQ_SYSTEMS \
	"CREATE TABLE systems (" \
	"  id INTEGER PRIMARY KEY," \
	"  set_id INTEGER NOT NULL REFERENCES result_sets(id) ON DELETE CASCADE," \
	"  pos INTEGER NOT NULL, identifier TEXT, notes_text TEXT, json_raw TEXT," \
	"  UNIQUE (set_id, pos)" \
	");"
#define SQ_SYSTEM_FIELDS \
	"CREATE TABLE system_fields (" \
	"  system_id INTEGER NOT NULL REFERENCES systems(id) ON DELETE CASCADE," \
	"  pos INTEGER NOT NULL," \
	"  kind TEXT NOT NULL CHECK (kind IN ('field', 'note', 'meta'))," \
	"  key TEXT NOT NULL, value TEXT," \
	"  PRIMARY KEY (system_id, kind, pos)" \
	") WITHOUT ROWID;" \
	"CREATE INDEX system_fields_key ON system_fields(kind, key);"
#define SQ_SYSTEM_FACTS \
	"CREATE TABLE system_facts (" \
	"  system_id INTEGER NOT NULL REFERENCES systems(id) ON DELETE CASCADE," \
	"  pos INTEGER NOT NULL, key TEXT NOT NULL, value TEXT, source TEXT," \
	"  PRIMARY KEY (system_id, pos)" \
	") WITHOUT ROWID;" \
	"CREATE INDEX system_facts_key ON system_facts(key, value);"
#define SQ_TEST_FOOTNOTES \
	"CREATE TABLE test_footnotes (" \
	"  test_id INTEGER NOT NULL REFERENCES tests(id) ON DELETE CASCADE," \
	"  pos INTEGER NOT NULL, text TEXT NOT NULL," \
	"  PRIMARY KEY (test_id, pos)" \
	") WITHOUT ROWID;"
#define SQ_TEST_FACTS \
	"CREATE TABLE test_facts (" \
	"  test_id INTEGER NOT NULL REFERENCES tests(id) ON DELETE CASCADE," \
	"  pos INTEGER NOT NULL, key TEXT NOT NULL, value TEXT," \
	"  PRIMARY KEY (test_id, pos)" \
	") WITHOUT ROWID;" \
	"CREATE INDEX test_facts_key ON test_facts(key, value);"
#define SQ_RESULTS_GONE \
	"CREATE TRIGGER systems_results_gone AFTER DELETE ON systems BEGIN" \
	"  DELETE FROM results WHERE system_id = old.id AND test_id IN" \
	"    (SELECT id FROM tests WHERE set_id = old.set_id);" \
	"  END;"
#define SQ_SET_LABELS \
	"CREATE TABLE result_set_labels (" \
	"  set_id INTEGER NOT NULL REFERENCES result_sets(id) ON DELETE CASCADE," \
	"  key TEXT NOT NULL, value TEXT NOT NULL," \
	"  PRIMARY KEY (set_id, key)" \
	") WITHOUT ROWID;"

const char *const store_sqlite_migrations[] = {
	/* 0 -> 1: the initial schema. */
	SQ_SOURCES
	"CREATE TABLE result_sets ("
	"  id INTEGER PRIMARY KEY,"
	"  source_id INTEGER REFERENCES sources(id) ON DELETE CASCADE,"
	"  title TEXT, description TEXT, notes TEXT, generator TEXT,"
	"  last_modified TEXT, source_url TEXT, source_ref TEXT, format TEXT,"
	"  imported_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now'))"
	");"
	"CREATE INDEX result_sets_source ON result_sets(source_id);"
	SQ_SET_EXTRA
	SQ_SYSTEMS
	SQ_SYSTEM_FIELDS
	SQ_SYSTEM_FACTS
	/* One column per normalised fact, for ad-hoc SQL and --where. */
	"CREATE VIEW system_facts_wide AS SELECT s.id AS system_id,"
	"  s.set_id AS set_id, s.identifier AS identifier,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'cpu_vendor') AS cpu_vendor,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'cpu_model') AS cpu_model,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'cpu_cores') AS cpu_cores,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'cpu_threads') AS cpu_threads,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'cpu_max_mhz') AS cpu_max_mhz,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'memory_mb') AS memory_mb,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'memory_type') AS memory_type,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'disk_count') AS disk_count,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'disk_models') AS disk_models,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'disk_capacity_gb') AS disk_capacity_gb,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'filesystem') AS filesystem,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'raid_mode') AS raid_mode,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'mount_options') AS mount_options,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'block_size') AS block_size,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'io_scheduler') AS io_scheduler,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'kernel_version') AS kernel_version,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'kernel_flavour') AS kernel_flavour,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'os_name') AS os_name,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'os_version') AS os_version,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'compiler') AS compiler,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'compiler_version') AS compiler_version,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'cpu_governor') AS cpu_governor"
	"  FROM systems s;"
	"CREATE TABLE tests ("
	"  id INTEGER PRIMARY KEY,"
	"  set_id INTEGER NOT NULL REFERENCES result_sets(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, identifier TEXT, title TEXT, app_version TEXT,"
	"  arguments TEXT, description TEXT, unit TEXT,"
	"  proportion INTEGER NOT NULL, proportion_raw TEXT,"
	"  display INTEGER NOT NULL, display_raw TEXT,"
	"  annotation TEXT, parent TEXT,"
	"  UNIQUE (set_id, pos)"
	");"
	/* "This test across every result set": by identifier or by title. */
	"CREATE INDEX tests_identity ON tests(identifier, arguments, unit);"
	"CREATE INDEX tests_title ON tests(title, arguments, unit);"
	SQ_TEST_FOOTNOTES
	"CREATE TABLE results ("
	"  id INTEGER PRIMARY KEY,"
	"  test_id INTEGER NOT NULL REFERENCES tests(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL,"
	"  system_id INTEGER NOT NULL REFERENCES systems(id) ON DELETE CASCADE,"
	"  mean REAL, se REAL, n INTEGER NOT NULL DEFAULT 0, min REAL, max REAL,"
	"  value_text TEXT, raw_string TEXT, json_raw TEXT, note TEXT, error TEXT,"
	"  UNIQUE (test_id, pos)"
	");"
	"CREATE INDEX results_system ON results(system_id);"
	"CREATE TABLE runs ("
	"  result_id INTEGER NOT NULL REFERENCES results(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, value REAL,"
	"  PRIMARY KEY (result_id, pos)"
	") WITHOUT ROWID;"
	"CREATE TABLE series ("
	"  id INTEGER PRIMARY KEY,"
	"  result_id INTEGER NOT NULL REFERENCES results(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, name TEXT, unit TEXT, x_unit TEXT,"
	"  UNIQUE (result_id, pos)"
	");"
	"CREATE TABLE series_points ("
	"  series_id INTEGER NOT NULL REFERENCES series(id) ON DELETE CASCADE,"
	"  axis TEXT NOT NULL CHECK (axis IN ('x', 'y')),"
	"  pos INTEGER NOT NULL, value REAL,"
	"  PRIMARY KEY (series_id, axis, pos)"
	") WITHOUT ROWID;",
	/* 1 -> 2: test facts (fio job options, dd operands), in source order. */
	SQ_TEST_FACTS,
	/*
	 * 2 -> 3: a value's runs and a series' points packed into one column
	 * of their row (store-sqlite.c's sq_pack moves the old rows, then
	 * drops the tables); each set's counts kept in its row, so that `list` reads one table;
	 * --where served by an index on the lowered value; the wide view
	 * reads each system's facts once instead of once per column.
	 */
	"ALTER TABLE results ADD COLUMN runs BLOB;"
	"ALTER TABLE series ADD COLUMN x BLOB;"
	"ALTER TABLE series ADD COLUMN y BLOB;"
	"ALTER TABLE result_sets ADD COLUMN nsystems INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE result_sets ADD COLUMN ntests INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE result_sets ADD COLUMN nvalues INTEGER NOT NULL DEFAULT 0;"
	"UPDATE result_sets SET"
	"  nsystems = (SELECT count(*) FROM systems y WHERE y.set_id = result_sets.id),"
	"  ntests = (SELECT count(*) FROM tests t WHERE t.set_id = result_sets.id),"
	"  nvalues = (SELECT count(*) FROM tests t JOIN results v"
	"    ON v.test_id = t.id WHERE t.set_id = result_sets.id);"
	"CREATE INDEX system_facts_lower ON system_facts(key, lower(value));"
	"DROP VIEW system_facts_wide;"
	"CREATE VIEW system_facts_wide AS SELECT s.id AS system_id,"
	"  s.set_id AS set_id, s.identifier AS identifier"
	STORE_WIDE_COLUMNS
	"  FROM systems s LEFT JOIN system_facts f ON f.system_id = s.id"
	"  GROUP BY s.id;",
	/*
	 * 3 -> 4: nothing changes in an SQLite file. A PostgreSQL store
	 * checks the references of results per statement from this version
	 * on (store-pg.c); an SQLite import already skips the per-row checks
	 * (sq_import_mode), and the two backends keep one numbering.
	 */
	"",
	/*
	 * 4 -> 5: a test keeps the bytes that begin every one of its values'
	 * JSON (PTS repeats a test's compiler options in each), and a value
	 * the rest (store-import.c, store_json_prefix); rows written before
	 * have no prefix and their whole JSON. Values lose their index by
	 * system and the per-row reference to it: only a set is ever
	 * deleted, and its values go with its tests; the trigger deletes
	 * the values of a system deleted alone through its set's tests,
	 * which are indexed. Together an eighth of an import's time (the 8 x
	 * 5,000 bench file: 218 to 191 ms). SQLite cannot drop a reference,
	 * so the table is copied (store-sqlite.c runs this step without
	 * foreign-key enforcement, else dropping the old table would delete
	 * the series of its values).
	 */
	"ALTER TABLE tests ADD COLUMN json_prefix TEXT;"
	"CREATE TABLE results_v5 (" SQ_RESULTS_COLUMNS
	"  UNIQUE (test_id, pos)"
	");"
	"INSERT INTO results_v5 SELECT id, test_id, pos, system_id, mean, se,"
	"  n, min, max, value_text, raw_string, json_raw, note, error, runs"
	"  FROM results ORDER BY id;"
	"DROP TABLE results;"
	"ALTER TABLE results_v5 RENAME TO results;"
	SQ_RESULTS_GONE,
	/*
	 * A deleted set's ID is never given again, so an ID in an old log
	 * never names another set: result_sets becomes AUTOINCREMENT. A C
	 * step (store-sqlite.c's sq_autoincrement) copies the table as it
	 * stands, whatever columns later steps added.
	 */
	STORE_SQLITE_STEP_AUTOINCREMENT,
	/*
	 * Labels given at import (`import --label KEY=VALUE`), one value a
	 * key and set; systems found by identifier (`track --system`).
	 */
	SQ_SET_LABELS
	"CREATE INDEX systems_identifier ON systems(identifier);",
	/*
	 * Each value keeps its test's identity as one number
	 * (store_test_key), so that `track` reads values without joining
	 * their tests and a test's texts once per series. The values before get theirs from the same function
	 * (store-sqlite.c, sq_test_key_fn).
	 */
	"ALTER TABLE results ADD COLUMN test_key INTEGER;"
	"UPDATE results SET test_key = (SELECT benchreport_test_key("
	"  t.identifier, t.title, t.arguments, t.unit) FROM tests t"
	"  WHERE t.id = results.test_id);"
};

const int store_sqlite_nmigrations = (int)(sizeof(store_sqlite_migrations) /
    sizeof(store_sqlite_migrations[0]));

/*
 * The schema the migrations above arrive at, made in one step for a store
 * this command creates (store-sqlite.c, sq_open_new): one script instead
 * of eight steps, two of which copy a table (docs/store.md). A change of
 * schema is a new migration AND the same change here;
 * tests/cli/store-schema.sh makes a store both ways and compares their
 * sqlite_master, so the two cannot drift apart.
 */
const char store_sqlite_schema[] =
	SQ_SOURCES
	"CREATE TABLE result_sets ("
	"  id INTEGER PRIMARY KEY AUTOINCREMENT,"
	"  source_id INTEGER REFERENCES sources(id) ON DELETE CASCADE,"
	"  title TEXT, description TEXT, notes TEXT, generator TEXT,"
	"  last_modified TEXT, source_url TEXT, source_ref TEXT, format TEXT,"
	"  imported_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')),"
	"  nsystems INTEGER NOT NULL DEFAULT 0,"
	"  ntests INTEGER NOT NULL DEFAULT 0,"
	"  nvalues INTEGER NOT NULL DEFAULT 0"
	");"
	"CREATE INDEX result_sets_source ON result_sets(source_id);"
	SQ_SET_EXTRA
	SQ_SET_LABELS
	SQ_SYSTEMS
	"CREATE INDEX systems_identifier ON systems(identifier);"
	SQ_SYSTEM_FIELDS
	SQ_SYSTEM_FACTS
	"CREATE INDEX system_facts_lower ON system_facts(key, lower(value));"
	"CREATE VIEW system_facts_wide AS SELECT s.id AS system_id,"
	"  s.set_id AS set_id, s.identifier AS identifier"
	STORE_WIDE_COLUMNS
	"  FROM systems s LEFT JOIN system_facts f ON f.system_id = s.id"
	"  GROUP BY s.id;"
	"CREATE TABLE tests ("
	"  id INTEGER PRIMARY KEY,"
	"  set_id INTEGER NOT NULL REFERENCES result_sets(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, identifier TEXT, title TEXT, app_version TEXT,"
	"  arguments TEXT, description TEXT, unit TEXT,"
	"  proportion INTEGER NOT NULL, proportion_raw TEXT,"
	"  display INTEGER NOT NULL, display_raw TEXT,"
	"  annotation TEXT, parent TEXT, json_prefix TEXT,"
	"  UNIQUE (set_id, pos)"
	");"
	"CREATE INDEX tests_identity ON tests(identifier, arguments, unit);"
	"CREATE INDEX tests_title ON tests(title, arguments, unit);"
	SQ_TEST_FOOTNOTES
	SQ_TEST_FACTS
	"CREATE TABLE results (" SQ_RESULTS_COLUMNS
	"  test_key INTEGER,"
	"  UNIQUE (test_id, pos)"
	");"
	SQ_RESULTS_GONE
	"CREATE TABLE series ("
	"  id INTEGER PRIMARY KEY,"
	"  result_id INTEGER NOT NULL REFERENCES results(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, name TEXT, unit TEXT, x_unit TEXT, x BLOB, y BLOB,"
	"  UNIQUE (result_id, pos)"
	");";
