#pragma once
// Where the records are: CSV files on disk, a table in memory, or (core/sources) a database table. The analysis
// asks a source for counts over the attributes it uses and never holds the records; only the features
// that release or regroup records (randomized releases, l-diversity, anatomy) ask for the records.
#include "core/datasource/PreparedTable.h"
#include "core/datasource/RecordScan.h"
#include "core/data/Table.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rr {

// One attribute over every record of the source.
struct AttributeSummary {
    std::string name;
    std::vector<std::string> categories; // CSV: first appearance; SQL: ascending
    std::vector<double> counts;          // weighted records per category
    double missing = 0;                  // weighted records with a missing value
};

struct SourceSummary {
    std::vector<AttributeSummary> attributes;
    std::size_t rows = 0;
    bool weighted = false; // records carry counts (a count column)
    double totalWeight = 0;

    const AttributeSummary& attribute(const std::string& name) const; // InputError naming it if unknown
};

// Attributes over the records a missing-value policy keeps, with only the categories those show.
struct KeptSummary {
    std::vector<AttributeSummary> attributes; // missing is 0 for DropIncomplete
    std::size_t rows = 0;                     // kept records
    std::size_t droppedRows = 0;
    double records = 0; // kept records, weighted
};

// A page of rows as text, for a viewer: `values[r][c]` for attribute c, with the missing flags beside.
struct RowPage {
    std::size_t first = 0;
    std::vector<std::vector<std::string>> values;
    std::vector<std::vector<bool>> missing;
    std::vector<double> weights; // empty when unweighted
};

// fraction in [0, 1] (or -1 when unknown); returning false cancels.
using ProgressFunction = std::function<bool(double fraction)>;

class DataSource {
public:
    virtual ~DataSource() = default;

    // "adult.data.csv + adult.test.csv", "table adult on postgresql://host/db": for titles and JSON.
    virtual std::string description() const = 0;
    virtual const SourceSummary& summary() const = 0;
    // The same, reporting progress while it counts where counting is a pass over the data (a CSV file's
    // first use); progress returning false throws Cancelled and leaves it uncounted.
    virtual const SourceSummary& countSummary(const ProgressFunction& progress) const
    {
        (void)progress;
        return summary();
    }
    // The attribute names (summary order) and whether records carry counts, without counting anything
    // where the source can tell (a CSV file's header).
    virtual std::vector<std::string> attributeNames() const;
    virtual bool isWeighted() const { return summary().weighted; }
    // The number of records, counting only them where the source can (a database's COUNT(*)).
    virtual std::size_t recordCount() const { return summary().rows; }
    // `names` over every record (categories, counts, missing), counting only them where the source can.
    virtual std::vector<AttributeSummary> describeAttributes(const std::vector<std::string>& names,
                                                             const ProgressFunction& progress = {}) const;
    // `names` over the records `policy` keeps when it checks them (DropIncomplete: every attribute).
    virtual KeptSummary summarize(const std::vector<std::string>& names, MissingPolicy policy,
                                  const ProgressFunction& progress = {}) const = 0;
    // Counts over `names` of the records `policy` keeps.
    virtual PreparedTable aggregate(const std::vector<std::string>& names, MissingPolicy policy,
                                    const ProgressFunction& progress = {}) const = 0;
    // The records themselves, every attribute (weights kept). InputError with the figures when there are
    // more than `maxRows`.
    virtual Table records(std::size_t maxRows, const ProgressFunction& progress = {}) const = 0;
    // Rows [first, first + count) clipped to the source, for a viewer.
    virtual RowPage rows(std::size_t first, std::size_t count) const = 0;
    // Every record once, in chunks (RecordScan.h); `progress` returning false throws Cancelled. This
    // default reads records() and hands them on in chunks; sources that stream override it.
    virtual void scanRecords(const RecordScan& scan, const ProgressFunction& progress = {}) const;
    // The size of the data in bytes when known (files), else 0: to plan temporary space.
    virtual std::uint64_t byteSize() const { return 0; }
    // The files the records come from (none for a database or a table in memory): outputs made from
    // them are never more readable than they are.
    virtual std::vector<std::string> inputFiles() const { return {}; }
    // What the file says an attribute is (an SPSS, Stata or SAS variable label: "Marital status"); "" if
    // nothing. Shown beside the name (tooltips, report), never instead of it.
    virtual std::string attributeLabel(const std::string& /*name*/) const { return {}; }
};

// The default bound on records() for the baselines: Adult is 48,842 records; a million rows of a dozen
// attributes is about 50 MB of codes.
inline constexpr std::size_t kDefaultMaxRecords = 5'000'000;

// A table already in memory (tests, released tables, small data).
class TableSource : public DataSource {
public:
    explicit TableSource(Table table, std::string description = "table in memory");
    std::string description() const override { return m_description; }
    const SourceSummary& summary() const override { return m_summary; }
    KeptSummary summarize(const std::vector<std::string>& names, MissingPolicy policy,
                          const ProgressFunction& progress = {}) const override;
    PreparedTable aggregate(const std::vector<std::string>& names, MissingPolicy policy,
                            const ProgressFunction& progress = {}) const override;
    Table records(std::size_t maxRows, const ProgressFunction& progress = {}) const override;
    RowPage rows(std::size_t first, std::size_t count) const override;
    const Table& table() const { return m_table; }

private:
    Table m_table;
    std::string m_description;
    SourceSummary m_summary;
};

// Counts over `names` from any source (the one call the front ends make).
PreparedTable prepareTable(const DataSource& source, const std::vector<std::string>& names, MissingPolicy policy,
                           const ProgressFunction& progress = {});

} // namespace rr
