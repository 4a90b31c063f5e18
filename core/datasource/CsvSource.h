#pragma once
// CSV files as a data source: opening them is one streaming pass (each attribute's categories, counts and
// missing values, and an index of every 1024th row); every analysis is another pass that counts only the
// attributes it uses. Memory is the blocks in flight and the counts, not the rows.
#include "core/datasource/DataSource.h"
#include "core/contingency/CsvAggregate.h"
#include "core/data/CsvReader.h"

#include <memory>
#include <mutex>

namespace rr {

class CsvSource : public DataSource {
public:
    // Reads the files once now (see aggregateCsv for what is checked): the summary and the row index.
    // Throws InputError naming the problem, CsvScanCancelled when `progress` stops it.
    static std::shared_ptr<const CsvSource> open(std::vector<std::string> paths, CsvOptions options = {},
                                                 const ProgressFunction& progress = {});
    // Reads nothing yet: each call counts in one pass, and the summary pass happens on first need (a
    // command that counts once reads the files once).
    static std::shared_ptr<const CsvSource> deferred(std::vector<std::string> paths, CsvOptions options = {});

    std::string description() const override;
    const SourceSummary& summary() const override;
    // From the header line alone until the summary pass has run.
    std::vector<std::string> attributeNames() const override;
    bool isWeighted() const override { return m_options.countColumn.has_value(); }
    // One pass counting only `names` (or the summary, once it exists).
    std::vector<AttributeSummary> describeAttributes(const std::vector<std::string>& names,
                                                     const ProgressFunction& progress = {}) const override;
    KeptSummary summarize(const std::vector<std::string>& names, MissingPolicy policy,
                          const ProgressFunction& progress = {}) const override;
    PreparedTable aggregate(const std::vector<std::string>& names, MissingPolicy policy,
                            const ProgressFunction& progress = {}) const override;
    Table records(std::size_t maxRows, const ProgressFunction& progress = {}) const override;
    RowPage rows(std::size_t first, std::size_t count) const override;
    // Streams the files (parsed and mapped in parallel blocks); chunk keys are file and byte offset.
    void scanRecords(const RecordScan& scan, const ProgressFunction& progress = {}) const override;
    const SourceSummary& countSummary(const ProgressFunction& progress) const override;
    std::uint64_t byteSize() const override;
    std::vector<std::string> inputFiles() const override { return m_paths; }
    // The description a data dictionary gave the column (CsvOptions::columnLabels).
    std::string attributeLabel(const std::string& name) const override;

    // Every column of the header in file order, the count column too (the names CsvOptions::columnNames gives).
    std::vector<std::string> columns() const { return headerColumns().all; }
    const std::vector<std::string>& paths() const { return m_paths; }
    const CsvOptions& options() const { return m_options; }

private:
    CsvSource() = default;
    void scan(const ProgressFunction& progress) const;
    // Every column of the header and the count column's index (-1 if none), from the summary pass or, before
    // it, from the first line of the first file.
    struct HeaderColumns {
        std::vector<std::string> all;
        int countColumn = -1;
    };
    const HeaderColumns& headerColumns() const;

    std::vector<std::string> m_paths;
    CsvOptions m_options;
    // Filled once by scan(): at open, or at the first call that needs it.
    mutable std::once_flag m_scanned;
    mutable SourceSummary m_summary;
    mutable std::vector<RowIndexEntry> m_index;
    mutable std::vector<std::string> m_header; // every column, the count column too
    mutable int m_countColumn = -1;
    mutable std::vector<char> m_delimiters;         // per file
    mutable std::vector<std::uint64_t> m_dataStart; // per file: where its data records start
    mutable std::once_flag m_headerRead;
    mutable HeaderColumns m_headerColumns;
};

} // namespace rr
