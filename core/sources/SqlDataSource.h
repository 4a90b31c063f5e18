#pragma once
// A SQL table or query as a core/analysis DataSource, so the CLI's commands and the GUI's Workspace read a
// database through the same calls as a CSV file: counts come from the database's GROUP BY, pages from
// LIMIT/OFFSET. Categories are sorted ascending (SQL has no first-appearance order).
#include "core/datasource/DataSource.h"
#include "core/sources/SqlSource.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace rr::sql {

class SqlDataSource : public DataSource {
public:
    // `missingTokens`: values that mean "missing" besides NULL (the CSV path's --missing).
    SqlDataSource(SqlSource source, std::vector<std::string> missingTokens);

    std::string description() const override { return m_source.description(); }
    // One GROUP BY per column, on first need.
    const SourceSummary& summary() const override;
    // The table's columns, no query; a table holds single records (no count column).
    std::vector<std::string> attributeNames() const override { return m_source.columns(); }
    bool isWeighted() const override { return false; }
    // The named columns only (a release of 5 of 15 columns counts those 5), in one GROUP BY over them.
    std::vector<AttributeSummary> describeAttributes(const std::vector<std::string>& names,
                                                     const ProgressFunction& progress = {}) const override;
    // SELECT COUNT(*), once (or the total of describeAttributes, when it ran first).
    std::size_t recordCount() const override;
    KeptSummary summarize(const std::vector<std::string>& names, MissingPolicy policy,
                          const ProgressFunction& progress = {}) const override;
    PreparedTable aggregate(const std::vector<std::string>& names, MissingPolicy policy,
                            const ProgressFunction& progress = {}) const override;
    // Every column, when no value is missing (a Table built from the database drops records with a
    // missing value); otherwise InputError saying to export the table to a file.
    Table records(std::size_t maxRows, const ProgressFunction& progress = {}) const override;
    RowPage rows(std::size_t first, std::size_t count) const override;
    // Every record, the columns the scan reads (missing: NULL or a token), streamed from one statement in chunks of
    // 4,096 rows: memory is two chunks whatever the size of the table. The map of one chunk runs on a worker
    // while the next is read; the reduce runs on the calling thread, chunk after chunk, in the engine's order.
    void scanRecords(const RecordScan& scan, const ProgressFunction& progress = {}) const override;

    const SqlSource& source() const { return m_source; }
    const std::vector<std::string>& missingTokens() const { return m_tokens; }

private:
    SqlSource m_source;
    std::vector<std::string> m_tokens;
    mutable std::once_flag m_described;
    mutable SourceSummary m_summary;
    mutable std::once_flag m_counted;
    mutable std::size_t m_rows = 0;
};

// Opens `url` with a table or a query (one of them empty) as a DataSource. `credentials` override the
// URL's login where set; `prompt` is asked when the server refuses it. InputError / IoError as SqlSource.
std::shared_ptr<const SqlDataSource> openSqlDataSource(const std::string& url, const std::string& table,
                                                       const std::string& query,
                                                       const std::vector<std::string>& missingTokens,
                                                       const Credentials& credentials = {},
                                                       const CredentialsPrompt& prompt = {},
                                                       const SqlLimits& limits = {});

} // namespace rr::sql
