// Timings of the pushed-down aggregation (core/sources) on EMGRW: Adult's 48,842 rows in a database, the
// GROUP BY with the missing-value policy, 45,222 records kept, counted by the database, against the CSV
// path (read both files, then prepareTable). One call each: connect, check nothing more, one statement,
// fetch the ~1,500 groups, close. SQLite always; PostgreSQL (libpq) and ODBC when the test server is up
// (scripts/pg-test-server.sh start DIR PORT; source DIR/env.sh).
// Run: bench --benchmark_filter='BM_(Sql|Csv)' --benchmark_repetitions=10 --benchmark_report_aggregates_only=true
#include "sql/SqlTestData.h"

#include "core/datasource/PreparedTable.h"
#include "core/sources/SqlSource.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <unistd.h>

namespace {

const std::vector<std::string> kEmgrw{"education", "marital-status", "sex", "race", "workclass"};

// Adult in a temporary SQLite file, made once.
struct SqliteAdult {
    std::filesystem::path dir;
    std::string file;
    SqliteAdult()
    {
        std::string pattern = (std::filesystem::temp_directory_path() / "rr-bench-XXXXXX").string();
        if (!mkdtemp(pattern.data()))
            throw std::runtime_error("cannot make a temporary folder");
        dir = pattern;
        file = (dir / "adult.sqlite").string();
        rr::sqltest::SqliteFixture db(file);
        rr::sqltest::loadTable(db, "adult", rr::sqltest::adultRaw(), true);
    }
    ~SqliteAdult()
    {
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
};

// Adult in the test PostgreSQL server under a schema of this process, dropped at exit.
struct PostgresAdult {
    rr::sqltest::PgServer server;
    std::string schema;
    explicit PostgresAdult(rr::sqltest::PgServer s)
        : server(std::move(s)), schema("rr_bench" + std::to_string(getpid()))
    {
        rr::sqltest::AdminConnection admin(server);
        admin.exec("CREATE SCHEMA " + schema);
        rr::sqltest::loadTable(admin, schema + ".adult", rr::sqltest::adultRaw(), false);
        admin.exec("ANALYZE " + schema + ".adult");
    }
    ~PostgresAdult()
    {
        try {
            rr::sqltest::AdminConnection admin(server);
            admin.exec("DROP SCHEMA " + schema + " CASCADE");
        } catch (const std::exception&) { // nothing to do about it at exit
        }
    }
};

const PostgresAdult* postgres()
{
    static const std::unique_ptr<PostgresAdult> pg = [] {
        const auto s = rr::sqltest::pgServer();
        return s ? std::make_unique<PostgresAdult>(*s) : nullptr;
    }();
    return pg.get();
}

void aggregateLoop(benchmark::State& state, const rr::sql::SqlSource& source)
{
    for (auto _ : state) {
        const rr::PreparedTable t = source.aggregate(kEmgrw, rr::MissingPolicy::DropIncomplete, {"?"});
        if (t.records != 45222)
            state.SkipWithError("wrong record count");
        benchmark::DoNotOptimize(t.joint.counts().data());
    }
}

void BM_SqlAggregateEmgrwSqlite(benchmark::State& state)
{
    static const SqliteAdult db;
    const auto source = rr::sql::SqlSource::open(rr::sql::parseSqlLocation("sqlite://" + db.file, "adult", ""));
    aggregateLoop(state, source);
}
BENCHMARK(BM_SqlAggregateEmgrwSqlite)->Unit(benchmark::kMillisecond);

void BM_SqlAggregateEmgrwPostgres(benchmark::State& state)
{
    const PostgresAdult* pg = postgres();
    if (!pg) {
        state.SkipWithError("RR_TEST_PG_PORT is not set: no test server");
        return;
    }
    const std::string url = state.range(0) == 0 ? pg->server.url() : "odbc://" + pg->server.dsn;
    const auto source = rr::sql::SqlSource::open(rr::sql::parseSqlLocation(url, pg->schema + ".adult", ""),
                                                 {pg->server.user, pg->server.password});
    state.SetLabel(state.range(0) == 0 ? "libpq" : "ODBC");
    aggregateLoop(state, source);
}
BENCHMARK(BM_SqlAggregateEmgrwPostgres)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// The CSV path for the same counts: read both files, then prepareTable.
void BM_CsvPrepareEmgrw(benchmark::State& state)
{
    for (auto _ : state) {
        const rr::PreparedTable t =
            rr::prepareTable(rr::sqltest::adultRaw(), kEmgrw, rr::MissingPolicy::DropIncomplete);
        benchmark::DoNotOptimize(t.joint.counts().data());
    }
}
BENCHMARK(BM_CsvPrepareEmgrw)->Unit(benchmark::kMillisecond);

} // namespace
