// The engine-free half of core/sources: database URLs, table names, quoting, query checks, the SQL text, and the
// group accumulator's limits. No database here.
#include "SqlTestSupport.h"

#include "core/sources/GroupCounts.h"
#include "core/sources/EngineConnection.h"
#include "core/sources/OdbcEngine.h"
#include "core/sources/SqlStatements.h"
#include "core/sources/SqlUrl.h"
#include "core/sources/SecretScrub.h"
#include "core/sources/SqlLexer.h"

#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <thread>

using namespace rr;
using namespace rr::sql;
using namespace rr::sqltest;

class TestSqlUrl : public QObject {
    Q_OBJECT

private slots:
    void validUrls_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<int>("engine");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("database");
        QTest::addColumn<QString>("dsn");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("password");
        const int lite = int(SqlEngine::SQLite), pg = int(SqlEngine::PostgreSQL), odbc = int(SqlEngine::Odbc);
        QTest::newRow("sqlite absolute") << "sqlite:///data/adult.db" << lite << "" << 0 << "/data/adult.db"
                                         << ""
                                         << ""
                                         << "";
        QTest::newRow("sqlite relative") << "sqlite:adult.db" << lite << "" << 0 << "adult.db"
                                         << ""
                                         << ""
                                         << "";
        QTest::newRow("sqlite encoded") << "sqlite:///my%20data/a%25.db" << lite << "" << 0 << "/my data/a%.db"
                                        << ""
                                        << ""
                                        << "";
        QTest::newRow("postgresql full") << "postgresql://ann:s3cr%40t@db.example.org:6543/sales" << pg
                                         << "db.example.org" << 6543 << "sales"
                                         << ""
                                         << "ann"
                                         << "s3cr@t";
        QTest::newRow("postgres alias, no port") << "POSTGRES://ann@10.0.0.5/sales" << pg << "10.0.0.5" << 0 << "sales"
                                                 << ""
                                                 << "ann"
                                                 << "";
        QTest::newRow("password with @ and /") << "postgresql://ann:a@b/c@host/db" << pg << "host" << 0 << "db"
                                               << ""
                                               << "ann"
                                               << "a@b/c";
        QTest::newRow("ipv6") << "postgresql://ann@[::1]:5432/db" << pg << "::1" << 5432 << "db"
                              << ""
                              << "ann"
                              << "";
        QTest::newRow("local socket") << "postgresql:///db" << pg << "" << 0 << "db"
                                      << ""
                                      << ""
                                      << "";
        QTest::newRow("odbc dsn") << "odbc://Warehouse" << odbc << "" << 0 << ""
                                  << "Warehouse"
                                  << ""
                                  << "";
        QTest::newRow("odbc dsn with login") << "odbc://ann:pw%3B1@Warehouse" << odbc << "" << 0 << ""
                                             << "Warehouse"
                                             << "ann"
                                             << "pw;1";
    }
    void validUrls()
    {
        QFETCH(QString, url);
        QFETCH(int, engine);
        QFETCH(QString, host);
        QFETCH(int, port);
        QFETCH(QString, database);
        QFETCH(QString, dsn);
        QFETCH(QString, user);
        QFETCH(QString, password);
        const SqlLocation loc = parseSqlLocation(url.toStdString(), "t", "");
        QCOMPARE(int(loc.engine), engine);
        QCOMPARE(QString::fromStdString(loc.host), host);
        QCOMPARE(loc.port, port);
        QCOMPARE(QString::fromStdString(loc.database), database);
        QCOMPARE(QString::fromStdString(loc.dsn), dsn);
        QCOMPARE(QString::fromStdString(loc.credentials.user), user);
        QCOMPARE(QString::fromStdString(loc.credentials.password), password);
        // url() drops the password and reads back to the same location.
        const std::string stored = loc.url();
        if (!password.isEmpty()) {
            QVERIFY(stored.find(password.toStdString()) == std::string::npos);
            QVERIFY(loc.description().find(password.toStdString()) == std::string::npos);
        }
        const SqlLocation again = parseSqlLocation(stored, "t", "");
        QCOMPARE(int(again.engine), engine);
        QCOMPARE(again.host, loc.host);
        QCOMPARE(again.port, loc.port);
        QCOMPARE(again.database, loc.database);
        QCOMPARE(again.dsn, loc.dsn);
        QCOMPARE(again.credentials.user, loc.credentials.user);
        QVERIFY(again.credentials.password.empty());
    }

    void postgresOptions()
    {
        const SqlLocation loc =
            parseSqlLocation("postgresql://h/db?sslmode=require&connect_timeout=5&application_name=a%20b", "t", "");
        QCOMPARE(loc.options.size(), std::size_t(3));
        QCOMPARE(loc.options[0].first, std::string("sslmode"));
        QCOMPARE(loc.options[2].second, std::string("a b"));
        QCOMPARE(parseSqlLocation(loc.url(), "t", "").options, loc.options);
    }

    // The connection-string form moves UID and PWD into the credentials: url() keeps the user only.
    void odbcConnectionString()
    {
        const SqlLocation loc = parseSqlLocation(
            "odbc:///?Driver={PostgreSQL Unicode};Server=127.0.0.1;Port=5432;UID=ann;PWD={p;w}}d};Token=abc", "t", "");
        QCOMPARE(loc.credentials.user, std::string("ann"));
        QCOMPARE(loc.credentials.password, std::string("p;w}d"));
        QCOMPARE(loc.connectionString, std::string("Driver={PostgreSQL Unicode};Server=127.0.0.1;Port=5432;Token=abc"));
        QVERIFY(loc.url().find("p;w") == std::string::npos);
        QVERIFY(loc.url().find("UID=ann") != std::string::npos);
        // Secret-looking attributes are masked in messages.
        QVERIFY(loc.server().find("abc") == std::string::npos);
        QVERIFY(loc.server().find("Token=***") != std::string::npos);
        // What a session stores holds no secret attribute either (Token=, Credential=, ...Key=), in any case.
        QVERIFY(loc.url().find("abc") == std::string::npos);
        QVERIFY(loc.url().find("Token") == std::string::npos);
        const SqlLocation again = parseSqlLocation(loc.url(), "t", "");
        QCOMPARE(again.connectionString, std::string("Driver={PostgreSQL Unicode};Server=127.0.0.1;Port=5432"));
        QCOMPARE(again.credentials.user, loc.credentials.user);
        const SqlLocation other = parseSqlLocation(
            "odbc:///?Driver=x;CREDENTIAL={c;d};Server=s;apiKey=k1k1;Database=db;UID=u", "t", "");
        QCOMPARE(parseSqlLocation(other.url(), "t", "").connectionString, std::string("Driver=x;Server=s;Database=db"));
    }

    // Each wrong form is refused with a message naming the problem, and none shows the password.
    void badUrls_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("expected");
        QTest::newRow("empty") << ""
                               << "no database URL given";
        QTest::newRow("no scheme") << "adult.db"
                                   << "does not start with a scheme";
        QTest::newRow("unknown scheme") << "mysql://u:hunter22@h/db"
                                        << "unknown database URL scheme 'mysql:'";
        QTest::newRow("sqlite with host") << "sqlite://host/file.db"
                                          << "has no host";
        QTest::newRow("sqlite no file") << "sqlite:///"
                                        << "names no file";
        QTest::newRow("sqlite query") << "sqlite:///a.db?mode=ro"
                                      << "takes no '?'";
        QTest::newRow("pg no slashes") << "postgresql:u:hunter22@h/db"
                                       << "starts postgresql://";
        QTest::newRow("pg no database") << "postgresql://u:hunter22@h:5432"
                                        << "names no database";
        QTest::newRow("pg empty database") << "postgresql://u:hunter22@h:5432/"
                                           << "names no database";
        QTest::newRow("pg two path parts") << "postgresql://u:hunter22@h/a/b"
                                           << "more than one database name";
        QTest::newRow("pg port text") << "postgresql://u:hunter22@h:54x2/db"
                                      << "port '54x2' is not a number";
        QTest::newRow("pg port zero") << "postgresql://u:hunter22@h:0/db"
                                      << "in 1..65535";
        QTest::newRow("pg port too big") << "postgresql://u:hunter22@h:65536/db"
                                         << "in 1..65535";
        QTest::newRow("pg empty port") << "postgresql://u:hunter22@h:/db"
                                       << "no port";
        QTest::newRow("pg bad host") << "postgresql://u:hunter22@ho st/db"
                                     << "host 'ho st'";
        QTest::newRow("pg ipv6 open") << "postgresql://u:hunter22@[::1/db"
                                      << "no closing ']'";
        QTest::newRow("pg bad option") << "postgresql://u:hunter22@h/db?password=x"
                                       << "option 'password'";
        QTest::newRow("pg option without value") << "postgresql://u:hunter22@h/db?sslmode"
                                                 << "no '=value'";
        QTest::newRow("pg bad escape") << "postgresql://u:hunter22@h/d%zzb"
                                       << "'%' not followed by two hex";
        QTest::newRow("pg encoded NUL") << "postgresql://u:hunter22@h/d%00"
                                        << "NUL";
        QTest::newRow("password escape") << "postgresql://u:hunter22%@h/db"
                                         << "password has a '%'";
        QTest::newRow("password no user") << "postgresql://:hunter22@h/db"
                                          << "no user name";
        QTest::newRow("fragment") << "postgresql://u:hunter22@h/db#x"
                                  << "'#'";
        QTest::newRow("control char") << "postgresql://u:hunter22@h/d\tb"
                                      << "control character";
        QTest::newRow("odbc no slashes") << "odbc:Warehouse"
                                         << "starts odbc://";
        QTest::newRow("odbc empty dsn") << "odbc://u:hunter22@"
                                        << "names no data source";
        QTest::newRow("odbc dsn path") << "odbc://u:hunter22@dsn/x"
                                       << "data source name only";
        QTest::newRow("odbc bad dsn") << "odbc://u:hunter22@ds%3Bn"
                                      << "is not valid";
        QTest::newRow("odbc string no driver") << "odbc:///?DSN=x;PWD=hunter22"
                                               << "needs Driver=";
        QTest::newRow("odbc string empty") << "odbc:///?"
                                           << "odbc:///?Driver=";
        QTest::newRow("odbc string brace") << "odbc:///?Driver={x;PWD=hunter22"
                                           << "no closing '}'";
        QTest::newRow("odbc string no =") << "odbc:///?Driver=x;hunter22"
                                          << "without '='";
    }
    void badUrls()
    {
        QFETCH(QString, url);
        QFETCH(QString, expected);
        const std::string message = errorOf<InputError>([&] { parseSqlLocation(url.toStdString(), "t", ""); });
        QVERIFY2(message.find(expected.toStdString()) != std::string::npos, message.c_str());
        QVERIFY2(message.find("hunter22") == std::string::npos, message.c_str());
    }

    void tableOrQuery()
    {
        const std::string url = "sqlite:///a.db";
        QVERIFY(errorOf<InputError>([&] { parseSqlLocation(url, "t", "SELECT 1"); }).find("not both") !=
                std::string::npos);
        QVERIFY(errorOf<InputError>([&] { parseSqlLocation(url, "", "  "); }).find("name a table or a query") !=
                std::string::npos);
        const SqlLocation q = parseSqlLocation(url, "", "SELECT a FROM t ; ;\n");
        QCOMPARE(q.query, std::string("SELECT a FROM t"));
        QVERIFY(q.isQuery());
        QVERIFY(q.description().find("query (SELECT a FROM t)") != std::string::npos);
    }

    void tableNames_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("parts");
        QTest::addColumn<QString>("quoted");
        QTest::newRow("plain") << "adult" << QStringList{"adult"} << "\"adult\"";
        QTest::newRow("schema") << "public.adult" << QStringList{"public", "adult"} << "\"public\".\"adult\"";
        QTest::newRow("catalog") << "c.s.t" << QStringList{"c", "s", "t"} << "\"c\".\"s\".\"t\"";
        QTest::newRow("quoted dot") << "\"odd.name\"" << QStringList{"odd.name"} << "\"odd.name\"";
        QTest::newRow("quoted quote") << "\"my \"\"t\"\"\"" << QStringList{"my \"t\""} << "\"my \"\"t\"\"\"";
        QTest::newRow("mixed spaces") << " s . \"Adult Data\" " << QStringList{"s", "Adult Data"}
                                      << "\"s\".\"Adult Data\"";
        QTest::newRow("injection stays a name") << "t\"; DROP TABLE x; --" << QStringList{} << "";
        QTest::newRow("injection quoted")
            << "\"t\"\"; DROP TABLE x; --\"" << QStringList{"t\"; DROP TABLE x; --"} << "\"t\"\"; DROP TABLE x; --\"";
    }
    void tableNames()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, parts);
        QFETCH(QString, quoted);
        if (parts.isEmpty()) {
            QVERIFY(errorOf<InputError>([&] { parseTableName(text.toStdString()); }).find("inside a part") !=
                    std::string::npos);
            return;
        }
        const TableName t = parseTableName(text.toStdString());
        QCOMPARE(int(t.parts.size()), int(parts.size()));
        for (int i = 0; i < parts.size(); ++i)
            QCOMPARE(QString::fromStdString(t.parts[static_cast<std::size_t>(i)]), parts[i]);
        QCOMPARE(QString::fromStdString(quoteTableName(t, '"', '"')), quoted);
        // display() reads back to the same parts.
        QCOMPARE(parseTableName(t.display()).parts, t.parts);
    }

    void badTableNames_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("empty part") << "a..b"
                                    << "empty part";
        QTest::newRow("trailing dot") << "a."
                                      << "empty part";
        QTest::newRow("unterminated") << "\"abc"
                                      << "without its closing";
        QTest::newRow("empty quoted") << "\"\""
                                      << "empty quoted part";
        QTest::newRow("four parts") << "a.b.c.d"
                                    << "more than three parts";
        QTest::newRow("after quote") << "\"a\"b"
                                     << "not '.'";
        QTest::newRow("control") << QString("a\nb") << "control character";
        QTest::newRow("too long") << QString(2000, 'x') << "longer than 1024";
    }
    void badTableNames()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const std::string message = errorOf<InputError>([&] { parseTableName(text.toStdString()); });
        QVERIFY2(message.find(expected.toStdString()) != std::string::npos, message.c_str());
    }

    void nulInNames()
    {
        const std::string withNul("a\0b", 3);
        QVERIFY(errorOf<InputError>([&] { parseTableName(withNul); }).find("control character") != std::string::npos);
        QVERIFY(errorOf<InputError>([&] { quoteIdentifier(withNul, '"', '"'); }).find("NUL") != std::string::npos);
        QVERIFY(errorOf<InputError>([&] { quoteLiteral(withNul, SqlEngine::SQLite); }).find("NUL") !=
                std::string::npos);
    }

    void quoting()
    {
        QCOMPARE(quoteIdentifier("a]b", '[', ']'), std::string("[a]]b]"));
        QCOMPARE(quoteIdentifier("a`b", '`', '`'), std::string("`a``b`"));
        QCOMPARE(quoteLiteral("it's", SqlEngine::SQLite), std::string("'it''s'"));
        QCOMPARE(quoteLiteral("a\\'b", SqlEngine::PostgreSQL), std::string("E'a\\\\''b'"));
        QCOMPARE(quoteLiteral("?", SqlEngine::PostgreSQL), std::string("'?'"));
        QVERIFY(errorOf<InputError>([] { quoteLiteral("a\\b", SqlEngine::Odbc); }).find("backslash") !=
                std::string::npos);
    }

    void queries_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("expected"); // the checked query, or the error's words
        QTest::addColumn<bool>("ok");
        QTest::newRow("select") << "SELECT a FROM t"
                                << "SELECT a FROM t" << true;
        QTest::newRow("with and trailing ;") << "WITH x AS (SELECT 1) SELECT * FROM x;  "
                                             << "WITH x AS (SELECT 1) SELECT * FROM x" << true;
        QTest::newRow("leading comment") << "-- note\n(SELECT 1)"
                                         << "-- note\n(SELECT 1)" << true;
        QTest::newRow("; in literal") << "SELECT ';' AS a"
                                      << "SELECT ';' AS a" << true;
        QTest::newRow(") in identifier") << "SELECT 1 AS \")\""
                                         << "SELECT 1 AS \")\"" << true;
        QTest::newRow("E string") << "SELECT E'\\';)' AS a"
                                  << "SELECT E'\\';)' AS a" << true;
        QTest::newRow("dollar quote") << "SELECT $x$;)$x$ AS a"
                                      << "SELECT $x$;)$x$ AS a" << true;
        QTest::newRow("nested comment") << "SELECT /* a /* b */ ; */ 1"
                                        << "SELECT /* a /* b */ ; */ 1" << true;
        QTest::newRow("two statements") << "SELECT 1; DROP TABLE t"
                                        << "more than one statement" << false;
        QTest::newRow("escape the subquery") << "SELECT 1) AS src; DROP TABLE t; SELECT * FROM (SELECT 1"
                                             << "closes a parenthesis it never opened" << false;
        QTest::newRow("open paren") << "SELECT (1"
                                    << "parenthesis(es) open" << false;
        QTest::newRow("open literal") << "SELECT 'a"
                                      << "never closed" << false;
        QTest::newRow("open comment") << "SELECT 1 /* x"
                                      << "never closed" << false;
        QTest::newRow("open dollar") << "SELECT $q$ x"
                                     << "never closed" << false;
        QTest::newRow("not a select") << "DELETE FROM t"
                                      << "one SELECT statement" << false;
        QTest::newRow("selectx") << "selection"
                                 << "one SELECT statement" << false;
        QTest::newRow("only semicolons") << ";;"
                                         << "empty" << false;
    }
    void queries()
    {
        QFETCH(QString, query);
        QFETCH(QString, expected);
        QFETCH(bool, ok);
        if (ok) {
            QCOMPARE(QString::fromStdString(checkQuery(query.toStdString(), SqlEngine::PostgreSQL)), expected);
        } else {
            const std::string message =
                errorOf<InputError>([&] { checkQuery(query.toStdString(), SqlEngine::PostgreSQL); });
            QVERIFY2(message.find(expected.toStdString()) != std::string::npos, message.c_str());
        }
    }

    // Each engine's own comment and quote rules decide where the statement ends; over ODBC the query must
    // end in the same place under every family's rules (issue 24.5).
    void queriesPerEngine_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("ok"); // the engines that take it: p(ostgres) s(qlite) o(dbc)
        QTest::newRow("plain") << "SELECT a FROM t -- x" << "pso";
        QTest::newRow("nested comment") << "SELECT sex FROM t /* /* */ ) AS src; DROP TABLE x; -- */" << "p";
        QTest::newRow("flat comment, nested ok") << "SELECT /* a /* b */ 1" << "s";
        QTest::newRow("dollar") << "SELECT $$ ) AS src; DROP TABLE x; -- $$" << "p";
        QTest::newRow("E string") << "SELECT E'\\' ) AS src; DROP TABLE x; --'" << "p";
        QTest::newRow("brackets") << "SELECT [a'] FROM t; DROP TABLE x; --']" << "p";
        QTest::newRow("bracket name") << "SELECT [a;b] FROM t" << "s";
        QTest::newRow("backslash string") << "SELECT 'a\\' AS v -- '; DROP TABLE x" << "ps";
        QTest::newRow("hash comment") << "SELECT 1 # ; DROP TABLE x" << "";
        QTest::newRow("dash without space") << "SELECT 1 --;DROP TABLE x" << "ps";
    }
    void queriesPerEngine()
    {
        QFETCH(QString, query);
        QFETCH(QString, ok);
        const std::vector<std::pair<char, SqlEngine>> engines{
            {'p', SqlEngine::PostgreSQL}, {'s', SqlEngine::SQLite}, {'o', SqlEngine::Odbc}};
        for (const auto& [letter, e] : engines) {
            const SqlEngine engine = e; // a lambda cannot capture a structured binding before Clang 16
            const std::string message = errorOf<InputError>([&] { checkQuery(query.toStdString(), engine); });
            const bool taken = message == "NO EXCEPTION";
            QVERIFY2(taken == ok.contains(QLatin1Char(letter)), (std::string(1, letter) + ": " + message).c_str());
        }
    }

    // On the read-only path a query may not call what PostgreSQL still allows in a read-only transaction
    // (issue 42.2): session settings, large objects, dblink, adminpack, signals, notifications, advisory
    // locks, SQL text run by a function. Any case, quoted or not, schema-qualified, with comments before the
    // '('; a literal, a comment or a column of the same name is not a call. SQLite has none of these.
    void writingCallsRefused_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("refused"); // empty: accepted
        QTest::newRow("issue 42") << "SELECT set_config('default_transaction_read_only','off',false) AS a, CASE WHEN "
                                     "current_setting('transaction_read_only')='off' THEN setval('s1',4242)::text END "
                                     "AS b, sex FROM adult"
                                  << "set_config";
        QTest::newRow("upper case") << "SELECT SET_CONFIG('a', 'b', false)" << "SET_CONFIG";
        QTest::newRow("qualified") << "SELECT pg_catalog.set_config('a', 'b', false)" << "set_config";
        QTest::newRow("quoted") << "SELECT \"set_config\"('a', 'b', false)" << "set_config";
        QTest::newRow("quoted schema") << "SELECT \"pg_catalog\" . \"set_config\" ('a','b',true)" << "set_config";
        QTest::newRow("comment before (") << "SELECT set_config /* x */ ('a','b',false)" << "set_config";
        QTest::newRow("line comment before (") << "SELECT lo_import --x\n('/etc/passwd')" << "lo_import";
        QTest::newRow("setval") << "SELECT setval('s1', 4242)" << "setval";
        QTest::newRow("nextval") << "SELECT nextval('s1')" << "nextval";
        QTest::newRow("lo_from_bytea") << "SELECT lo_from_bytea(0, 'x')" << "lo_from_bytea";
        QTest::newRow("lo_create") << "SELECT lo_create(0)" << "lo_create";
        QTest::newRow("lo_unlink") << "SELECT lo_unlink(16400)" << "lo_unlink";
        QTest::newRow("lowrite") << "SELECT lowrite(0, 'x')" << "lowrite";
        QTest::newRow("dblink_exec") << "SELECT dblink_exec('dbname=x', 'DROP TABLE t')" << "dblink_exec";
        QTest::newRow("dblink") << "SELECT * FROM dblink('dbname=x', 'SELECT 1') AS t(a int)" << "dblink";
        QTest::newRow("pg_file_write") << "SELECT pg_file_write('f', 'x', false)" << "pg_file_write";
        QTest::newRow("terminate") << "SELECT pg_terminate_backend(123)" << "pg_terminate_backend";
        QTest::newRow("cancel") << "SELECT pg_cancel_backend(123)" << "pg_cancel_backend";
        QTest::newRow("reload") << "SELECT pg_reload_conf()" << "pg_reload_conf";
        QTest::newRow("notify") << "SELECT pg_notify('c', 'x')" << "pg_notify";
        QTest::newRow("advisory") << "SELECT pg_advisory_lock(1)" << "pg_advisory_lock";
        QTest::newRow("try advisory") << "SELECT pg_try_advisory_xact_lock(1)" << "pg_try_advisory_xact_lock";
        QTest::newRow("query_to_xml") << "SELECT query_to_xml('SELECT lo_create(0)', true, true, '')" << "query_to_xml";
        QTest::newRow("ts_stat") << "SELECT * FROM ts_stat('SELECT 1')" << "ts_stat";
        QTest::newRow("in a CTE") << "WITH x AS (SELECT lo_import('/x') AS o) SELECT * FROM x" << "lo_import";
        QTest::newRow("SET keyword") << "WITH u AS (UPDATE t SET a = 1 RETURNING a) SELECT * FROM u" << "SET";
        QTest::newRow("Unicode name") << "SELECT U&\"\\0073et_config\"('a','b',false)" << "Unicode-escaped";
        QTest::newRow("in a literal") << "SELECT 'set_config(' AS a, 'SET' AS b" << "";
        QTest::newRow("in a comment") << "SELECT 1 /* set_config(x) SET */ -- lo_import(\n" << "";
        QTest::newRow("in dollar quotes") << "SELECT $$ set_config( $$ AS a" << "";
        QTest::newRow("a column, not a call") << "SELECT set_config, lo_import FROM t" << "";
        QTest::newRow("quoted column set") << "SELECT \"set\" FROM t" << "";
        QTest::newRow("a longer name") << "SELECT set_configs(1), mydblink FROM t" << "";
        QTest::newRow("reads") << "SELECT current_setting('search_path'), pg_sleep(0), count(*) FROM t" << "";
    }
    void writingCallsRefused()
    {
        QFETCH(QString, query);
        QFETCH(QString, refused);
        for (const SqlEngine engine : {SqlEngine::PostgreSQL, SqlEngine::Odbc}) {
            if (engine == SqlEngine::Odbc && query.contains("$$"))
                continue; // not one statement under the other dialects' rules (queriesPerEngine)
            const std::string message = errorOf<InputError>([&] { checkQuery(query.toStdString(), engine); });
            if (refused.isEmpty()) {
                QVERIFY2(message == "NO EXCEPTION", message.c_str());
            } else {
                QVERIFY2(message.find(refused.toStdString()) != std::string::npos, message.c_str());
                QVERIFY2(message.find("only read") != std::string::npos || message.find("Unicode") != std::string::npos,
                         message.c_str());
            }
        }
        if (!query.contains("U&") && !query.contains("$$")) // SQLite has none of these functions, and its file is opened read only
            QCOMPARE(errorOf<InputError>([&] { checkQuery(query.toStdString(), SqlEngine::SQLite); }),
                     std::string("NO EXCEPTION"));
    }

    // Over ODBC the session is made read only where the engine has a statement for it; for any other engine
    // the connection carries a warning instead (issue 24.4).
    void odbcReadOnly()
    {
        QCOMPARE(odbcReadOnlyStatement("PostgreSQL"), std::string("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY"));
        QCOMPARE(odbcReadOnlyStatement("MySQL"), std::string("SET SESSION TRANSACTION READ ONLY"));
        QCOMPARE(odbcReadOnlyStatement("MariaDB"), std::string("SET SESSION TRANSACTION READ ONLY"));
        QCOMPARE(odbcReadOnlyStatement("SQLite"), std::string("PRAGMA query_only = 1"));
        for (const char* other : {"Microsoft SQL Server", "Oracle", "DB2/LINUXX8664", "Snowflake", ""})
            QCOMPARE(odbcReadOnlyStatement(other), std::string());
        // A session's stored query is refused with the query shown and the URL's password scrubbed.
        const std::string refusal = storedQueryRefusal("s.json", "postgresql://ann:Hunter2Secret@h/db", "SELECT a\nFROM t");
        QCOMPARE(refusal, std::string("the session s.json runs this SQL query on postgresql://ann:***@h/db: SELECT a "
                                      "FROM t -- check it, then add --allow-session-sql to run it"));
    }

    // A server may send a WARNING while the connection starts (an immediate shutdown, a bad setting of the
    // role): libpq's default notice processor would print it on stderr, a second line beside the error.
    // A fake server on loopback answers the startup packet with a WARNING, then accepts the login; nothing
    // reaches stderr (issue 24.12).
    void noticeAtStartupStaysOffStderr()
    {
        const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
        QVERIFY(listener >= 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        QVERIFY(::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
                ::listen(listener, 1) == 0 &&
                ::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length) == 0);
        std::thread server([listener] {
            const int c = ::accept(listener, nullptr, nullptr);
            char buffer[4096];
            (void)::read(c, buffer, sizeof buffer); // the startup packet
            const auto message = [](char type, const std::string& body) {
                std::string m(1, type);
                const std::uint32_t n = htonl(static_cast<std::uint32_t>(body.size() + 4));
                m.append(reinterpret_cast<const char*>(&n), 4);
                return m + body;
            };
            const std::string fields = std::string("SWARNING\0VWARNING\0C01000\0Mrr test warning at login\0\0", 52);
            std::string reply = message('R', std::string("\0\0\0\0", 4)) + message('N', fields) +
                                message('K', std::string("\0\0\0\1\0\0\0\2", 8)) + message('Z', "I");
            (void)::write(c, reply.data(), reply.size());
            while (::read(c, buffer, sizeof buffer) > 0) { // until the client leaves
            }
            ::close(c);
        });
        SqlLocation where;
        where.engine = SqlEngine::PostgreSQL;
        where.host = "127.0.0.1";
        where.port = ntohs(address.sin_port);
        where.database = "rr";
        where.options = {{"sslmode", "disable"}, {"gssencmode", "disable"}};
        // stderr into a file for the length of the connection
        FILE* captured = std::tmpfile();
        QVERIFY(captured);
        std::fflush(stderr);
        const int saved = ::dup(2);
        ::dup2(fileno(captured), 2);
        std::string failure;
        try {
            connectEngine(where, Credentials{"ann", ""});
        } catch (const std::exception& e) {
            failure = e.what();
        }
        std::fflush(stderr);
        ::dup2(saved, 2);
        ::close(saved);
        server.join();
        ::close(listener);
        std::rewind(captured);
        char text[512] = {};
        const std::size_t n = std::fread(text, 1, sizeof text - 1, captured);
        std::fclose(captured);
        QVERIFY2(failure.empty(), failure.c_str());
        QVERIFY2(n == 0, text);
    }

    void scrubbing()
    {
        QCOMPARE(scrubSecret("user x password hunter22 failed hunter22", "hunter22"),
                 std::string("user x password *** failed ***"));
        QCOMPARE(scrubSecret("abc", ""), std::string("abc"));
    }

    // Drivers repeat connection strings in their messages: every usual secret key is scrubbed, in any case,
    // braced or not, and a URL's password too; names that only resemble one are left (issue 24.11).
    void scrubbingKeys_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("scrubbed");
        const QString rest = ";Server=db1 failed";
        for (const char* key : {"PWD", "pwd", "Password", "PASSWD", "Pass", "Credential", "Token", "ApiKey",
                                "client_secret"})
            QTest::newRow(key) << "[unixODBC] DRIVER={X};UID=ann;" + QString(key) + "=hunter22" + rest
                               << "[unixODBC] DRIVER={X};UID=ann;" + QString(key) + "=***" + rest;
        QTest::newRow("braced") << "Pwd={a;b}}c d};Server=x" << "Pwd=***;Server=x";
        QTest::newRow("quoted") << "connection string 'Passwd=hunter22' refused" << "connection string 'Passwd=***' refused";
        QTest::newRow("url") << "at postgresql://ann:p@ss:w@h:5/db now" << "at postgresql://ann:***@h:5/db now";
        QTest::newRow("url, no password") << "at postgresql://ann@h:5/db" << "at postgresql://ann@h:5/db";
        QTest::newRow("not a secret") << "UID=ann;Server=passenger" << "UID=ann;Server=passenger";
    }
    void scrubbingKeys()
    {
        QFETCH(QString, text);
        QFETCH(QString, scrubbed);
        QCOMPARE(QString::fromStdString(scrubSecrets(text.toStdString())), scrubbed);
        // The spans keep the length, for overwriting a command line in place.
        std::string inPlace = text.toStdString();
        for (const auto& [begin, end] : secretSpans(inPlace))
            std::fill(inPlace.begin() + static_cast<std::ptrdiff_t>(begin), inPlace.begin() + static_cast<std::ptrdiff_t>(end), '*');
        QCOMPARE(inPlace.size(), text.toStdString().size());
        QVERIFY(inPlace.find("hunter22") == std::string::npos && inPlace.find("p@ss:w") == std::string::npos);
        // A connection string's own secret attributes are masked where the location is shown.
        const SqlLocation loc = parseSqlLocation(
            "odbc:///?Driver={X};Server=h;Passwd=hunter22;Credential={k;1};Pass=hunter22", "t", "");
        QVERIFY2(loc.server().find("hunter22") == std::string::npos && loc.server().find("k;1") == std::string::npos,
                 loc.server().c_str());
    }

    // The statements quote every name and read every value as text the same way.
    void statements()
    {
        const SqlLocation loc = parseSqlLocation("sqlite:///a.db", "s.\"Adult Data\"", "");
        const SqlDialect d{SqlEngine::SQLite, '"', '"', false};
        const std::vector<SqlColumn> cols{{"marital-status", true}, {"age", false}};
        const std::string cond = completeCondition(d, cols, {"?", ""});
        QCOMPARE(cond, std::string("CAST(\"marital-status\" AS TEXT) IS NOT NULL AND CAST(\"marital-status\" AS TEXT) "
                                   "NOT IN ('?', '') AND CAST(\"age\" AS TEXT) IS NOT NULL AND CAST(\"age\" AS TEXT) "
                                   "NOT IN ('?', '')"));
        QCOMPARE(aggregateStatement(d, loc, {cols[0]}, "1 = 1"),
                 std::string("SELECT rr_kept, rr_c0, COUNT(*) FROM (SELECT CASE WHEN 1 = 1 THEN 1 ELSE 0 END AS "
                             "rr_kept, CAST(\"marital-status\" AS TEXT) AS rr_c0 FROM \"s\".\"Adult Data\") AS rr_rows "
                             "GROUP BY rr_kept, rr_c0"));
        QCOMPARE(pageStatement(d, loc, {cols[1]}, 20, 10),
                 std::string("SELECT CAST(\"age\" AS TEXT) AS rr_c0 FROM \"s\".\"Adult Data\" LIMIT 10 OFFSET 20"));
        SqlDialect odbc{SqlEngine::Odbc, '"', '"', true};
        QCOMPARE(valueExpression(odbc, cols[0]), std::string("\"marital-status\""));
        QCOMPARE(valueExpression(odbc, cols[1]), std::string("{fn CONVERT(\"age\", SQL_VARCHAR)}"));
        QCOMPARE(pageStatement(odbc, loc, {cols[0]}, 5, 2),
                 std::string("SELECT \"marital-status\" AS rr_c0 FROM \"s\".\"Adult Data\" OFFSET 5 ROWS FETCH NEXT 2 "
                             "ROWS ONLY"));
        const SqlLocation q = parseSqlLocation("sqlite:///a.db", "", "SELECT 1 AS a -- note");
        QCOMPARE(countStatement(d, q), std::string("SELECT COUNT(*) FROM (SELECT 1 AS a -- note\n) AS src"));
        // A driver that quotes nothing takes plain names only.
        SqlDialect bare{SqlEngine::Odbc, 0, 0, false};
        QCOMPARE(valueExpression(bare, {"age", true}), std::string("age"));
        QVERIFY(errorOf<InputError>([&] {
                    valueExpression(bare, {"marital-status", true});
                }).find("quotes no names") != std::string::npos);
    }

    // Groups become a PreparedTable with sorted categories; equal text values add up.
    void groupCounts()
    {
        GroupCounts g({"a", "b"}, SqlLimits{});
        g.addKept({"y", "2"}, 3);
        g.addKept({"x", "1"}, 4);
        g.addKept({"y", "1"}, 1);
        g.addKept({"x", "1"}, 2); // e.g. 1.0 and 1 cast alike
        g.addDropped(5);
        const PreparedTable t = g.finish();
        QVERIFY(t.categories[0] == (std::vector<std::string>{"x", "y"}));
        QVERIFY(t.categories[1] == (std::vector<std::string>{"1", "2"}));
        QCOMPARE(t.joint.counts()[0], 6.0); // x,1
        QCOMPARE(t.joint.counts()[1], 0.0); // x,2
        QCOMPARE(t.joint.counts()[2], 1.0); // y,1
        QCOMPARE(t.joint.counts()[3], 3.0); // y,2
        QCOMPARE(t.records, 10.0);
        QCOMPARE(t.loadedRows, std::size_t(15));
        QCOMPARE(t.droppedRows, std::size_t(5));
    }

    void groupLimits()
    {
        SqlLimits few;
        few.maxCategories = 2;
        GroupCounts g({"a"}, few);
        g.addKept({"x"}, 1);
        g.addKept({"y"}, 1);
        const std::string cats = errorOf<InputError>([&] { g.addKept({"z"}, 1); });
        QVERIFY2(cats.find("attribute 'a' has more than 2 distinct values") != std::string::npos, cats.c_str());

        SqlLimits cells;
        cells.maxCells = 6;
        GroupCounts h({"a", "b"}, cells);
        h.addKept({"1", "1"}, 1);
        h.addKept({"2", "2"}, 1);
        h.addKept({"3", "2"}, 1);
        const std::string over = errorOf<InputError>([&] { h.addKept({"4", "1"}, 1); });
        QVERIFY2(over.find("8 cells") != std::string::npos && over.find("limit of 6 cells") != std::string::npos,
                 over.c_str());

        QVERIFY(errorOf<InputError>([] { GroupCounts({"a"}, SqlLimits{}).finish(); }).find("has no rows") !=
                std::string::npos);
        GroupCounts none({"a"}, SqlLimits{});
        none.addDropped(7);
        QVERIFY(errorOf<InputError>([&] { none.finish(); }).find("7 dropped") != std::string::npos);
        QVERIFY(errorOf<InputError>([&] { none.addKept({"x"}, 1.5); }).find("whole number") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestSqlUrl)
#include "test_sql_url.moc"
