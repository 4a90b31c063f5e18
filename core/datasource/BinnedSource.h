#pragma once
// A source whose numeric attributes are cut into bins (core/data/Binning.h), over any other source: the
// inner source counts, and the bins merge its categories. A value that is not a number or lies outside
// the cuts becomes missing for that attribute; the summary counts them (binning()).
#include "core/datasource/DataSource.h"
#include "core/data/Binning.h"

#include <memory>
#include <string>
#include <vector>

namespace rr {

// One binned attribute as resolved against the inner source's summary.
struct BinnedAttribute {
    BinSpec spec;
    Bins bins;
    std::size_t column = 0; // in the summary
    double notNumeric = 0;  // weighted records whose value is not a number (missing once binned)
    double outside = 0;     // weighted records outside the cuts (missing once binned)

    bool makesMissing() const { return notNumeric > 0 || outside > 0; }
};

// Each attribute of a summary as numbers: for `describe` and the attribute list.
NumericProfile numericProfile(const AttributeSummary& attribute);

// What the bins of `spec` make of an attribute (a dialog's preview): labels, counts, missing counts.
struct BinPreview {
    Bins bins;
    std::vector<double> counts; // per bin
    double notNumeric = 0;
    double outside = 0;
};
BinPreview previewBins(const BinSpec& spec, const AttributeSummary& attribute);

class BinnedSource : public DataSource {
public:
    // InputError naming an unknown attribute or a spec without numbers to bin.
    BinnedSource(std::shared_ptr<const DataSource> inner, const std::vector<BinSpec>& specs);

    const DataSource& inner() const { return *m_inner; }
    const std::shared_ptr<const DataSource>& innerPointer() const { return m_inner; }
    const std::vector<BinnedAttribute>& binning() const { return m_binned; }
    // The binning of an attribute, or nullptr when it is not binned.
    const BinnedAttribute* binningOf(const std::string& name) const;
    std::vector<BinSpec> specs() const;

    std::string description() const override;
    const SourceSummary& summary() const override { return m_summary; }
    std::vector<std::string> attributeNames() const override { return m_inner->attributeNames(); }
    bool isWeighted() const override { return m_inner->isWeighted(); }
    std::vector<AttributeSummary> describeAttributes(const std::vector<std::string>& names,
                                                     const ProgressFunction& progress = {}) const override;
    KeptSummary summarize(const std::vector<std::string>& names, MissingPolicy policy,
                          const ProgressFunction& progress = {}) const override;
    PreparedTable aggregate(const std::vector<std::string>& names, MissingPolicy policy,
                            const ProgressFunction& progress = {}) const override;
    Table records(std::size_t maxRows, const ProgressFunction& progress = {}) const override;
    RowPage rows(std::size_t first, std::size_t count) const override;
    void scanRecords(const RecordScan& scan, const ProgressFunction& progress = {}) const override;
    std::uint64_t byteSize() const override { return m_inner->byteSize(); }
    std::vector<std::string> inputFiles() const override { return m_inner->inputFiles(); }
    std::string attributeLabel(const std::string& name) const override { return m_inner->attributeLabel(name); }

private:
    // An inner attribute summary with its categories merged into the bins present.
    AttributeSummary binnedSummary(const AttributeSummary& inner, const BinnedAttribute& b) const;
    // Rows kept and dropped by the policy over `checked` columns with bin-missing values as missing
    // (a pass over the records: for weighted sources, whose counts do not give the rows).
    std::pair<std::size_t, std::size_t> countRows(const std::vector<bool>& checked, const ProgressFunction& progress) const;
    // A record is kept when no checked column is missing and every checked binned column falls in a bin.
    bool keepsRecord(const RecordChunk& chunk, std::size_t row, const std::vector<bool>& checked) const;

    std::shared_ptr<const DataSource> m_inner;
    std::vector<BinnedAttribute> m_binned;
    std::vector<int> m_binOfColumn; // index into m_binned per summary column, or -1
    SourceSummary m_summary;
};

// The source under any binning (a database or a statistical file, for what only they know).
const DataSource& unbinned(const DataSource& source);
// The binned attributes of `source` (none unless it is a BinnedSource): their released values are bin labels.
std::vector<std::string> binnedAttributeNames(const DataSource& source);
// `source` with `specs` applied (itself when there are none).
std::shared_ptr<const DataSource> withBins(std::shared_ptr<const DataSource> source, const std::vector<BinSpec>& specs);
// A table's attributes binned in place (codes remapped, categories ascending bins present). The counts of
// what became missing are added to `binned` when given.
void binTable(Table& table, const std::vector<BinSpec>& specs, std::vector<BinnedAttribute>* binned = nullptr);

} // namespace rr
