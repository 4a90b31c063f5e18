#pragma once
// A release written back into the source's database as a new table (randomize --out-sql-table, the Release
// dialog's "Release to database table"). streamRelease hands it the records in their final order; this
// opens the one writable connection RR Explorer ever makes and, in ONE transaction, (drops the old table
// when replacing,) creates the table, fills it (PostgreSQL: COPY ... FROM STDIN; SQLite: one prepared
// INSERT; ODBC: a prepared INSERT with parameters), writes the note as the table's comment where the engine
// has comments (PostgreSQL), and commits. Any failure before the commit (the server gone, a full disk, a
// value the column refuses, cancel) rolls back: no table is left, and a replaced table is still there. The
// side files (a note file) are written after the commit, atomically.
//
// Columns: the released names, quoted; each holding source values gets the source column's declared type
// (PostgreSQL: format_type of the result's type; SQLite: the declared type; ODBC: the driver's type name),
// any other the engine's text type. Missing values are NULL.
#include "core/release/ReleaseTarget.h"
#include "core/release/StreamRelease.h"
#include "core/sources/SqlDataSource.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rr::sql {

class SqlConnection;

// A further table the release writes in the same transaction, after its records (anatomy's sensitive table).
struct CompanionTable {
    std::string table; // as --sql-table takes names
    // The columns; one with a source column takes its type, unless `types` names one.
    std::vector<ReleasedColumn> columns;
    std::vector<std::string> types; // per column, or empty: "" for the source's (or the text) type
    // Hands every row to `row` (one text per column; none missing). Called once, inside the transaction.
    std::function<void(const std::function<void(const std::vector<std::string>&)>& row)> rows;
};

class SqlReleaseTable : public ReleaseTarget {
public:
    // `table`: the new table (as --sql-table takes names: `name`, `schema.name`, quoted parts). `replace`: an
    // existing table of that name is dropped and recreated in the same transaction; without it, an existing
    // table is refused (InputError). `comment`: the note for the table's comment, from the release's report.
    // `textColumns`: columns whose released values are not the source column's (bin labels): written as text,
    // not with the source column's type.
    SqlReleaseTable(const SqlDataSource& source, const std::string& table, bool replace,
                    std::function<std::string(const StreamReleaseReport&)> comment = {},
                    std::vector<std::string> textColumns = {});
    ~SqlReleaseTable() override;

    std::string name() const override;
    RecordFormat format() const override;
    // Connects for writing, checks the name (not the source itself) and that no such table exists unless
    // replacing. Returns the system's temporary folder (SQLite: the database file's folder) for the buckets.
    std::string prepare() override;
    void write(const std::vector<ReleasedColumn>& columns, const RecordFeed& records,
               const StreamReleaseReport& report, std::vector<FileWrite> sideFiles, unsigned modeMask) override;

    // Whether the engine stores a comment on a table (the note is written there).
    bool hasComments() const;

    // A table written with the records, all or nothing (checked by prepare() as the main one: refused when it
    // exists unless replacing; never the source).
    void addTable(CompanionTable table);

private:
    struct Companion {
        CompanionTable spec;
        TableName name;
        std::string quoted;
        bool exists = false;
    };
    std::string createStatement(const std::string& quoted, const std::vector<ReleasedColumn>& columns,
                                const std::vector<std::string>& explicitTypes);
    void checkName(const TableName& table) const;
    bool probeExists(const std::string& quoted, const TableName& table);
    // Refuses (InputError) a name that means a table the source reads, a temporary table, an existing table
    // without `replace` or one a view depends on; returns whether the table exists.
    bool checkTarget(const std::string& quoted, const TableName& table,
                     const std::optional<std::vector<TableKey>>& sources);
    void checkCreated(const TableName& table);
    bool sourceNames(const TableName& table) const;

    const SqlDataSource& m_source;
    TableName m_table;
    bool m_replace;
    std::function<std::string(const StreamReleaseReport&)> m_comment;
    std::vector<std::string> m_textColumns;
    std::unique_ptr<SqlConnection> m_connection;
    std::string m_quoted; // the table, quoted for the connection's dialect
    bool m_exists = false;
    std::vector<Companion> m_companions;
};

} // namespace rr::sql
