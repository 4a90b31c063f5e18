#include "core/release/ComparisonSource.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

namespace rr {
namespace {

// A chunk's kept records as (QI cell, sensitive code), in the chunk's order.
struct CodedChunk : ChunkResult {
    std::vector<std::pair<std::size_t, int>> records;
};

// How the records are read back: each counted attribute's column and the code of each of its categories, and
// the columns the policy checks (a record missing one is not kept).
struct RecordCoding {
    std::vector<std::size_t> columnOf;                       // per axis
    std::vector<std::unordered_map<std::string_view, int>> code; // per axis
    std::vector<std::size_t> checked;
};

RecordCoding recordCoding(const std::vector<std::string>& columns, const AnalysisSpec& spec,
                          const PreparedTable& counts)
{
    RecordCoding rc;
    const std::size_t axes = counts.names.size();
    rc.columnOf.resize(axes);
    for (std::size_t i = 0; i < axes; ++i) {
        const auto c = std::find(columns.begin(), columns.end(), counts.names[i]);
        if (c == columns.end())
            throw InputError("the comparison: the source has no attribute '" + counts.names[i] + "'");
        rc.columnOf[i] = static_cast<std::size_t>(c - columns.begin());
    }
    rc.code.resize(axes);
    for (std::size_t i = 0; i < axes; ++i)
        for (std::size_t k = 0; k < counts.categories[i].size(); ++k)
            rc.code[i].emplace(counts.categories[i][k], static_cast<int>(k));
    for (std::size_t c = 0; c < columns.size(); ++c)
        if (spec.dropsIfMissing(columns[c]))
            rc.checked.push_back(c);
    return rc;
}

// A chunk's kept records as (QI cell, sensitive code); a value not counted means the source changed.
std::unique_ptr<ChunkResult> codeChunk(const RecordChunk& chunk, const RecordCoding& rc, const PreparedTable& counts)
{
    const std::size_t axes = counts.names.size();
    auto result = std::make_unique<CodedChunk>();
    result->records.reserve(chunk.rows);
    for (std::size_t r = 0; r < chunk.rows; ++r) {
        if (std::any_of(rc.checked.begin(), rc.checked.end(), [&](std::size_t c) { return chunk.isMissing(r, c); }))
            continue;
        std::size_t q = 0;
        int s = 0;
        for (std::size_t i = 0; i < axes; ++i) {
            const std::size_t c = rc.columnOf[i];
            const auto found = chunk.isMissing(r, c) ? rc.code[i].end() : rc.code[i].find(chunk.field(r, c));
            if (found == rc.code[i].end())
                throw InputError("the comparison: a value of '" + counts.names[i] +
                                 "' is not among the categories counted; the source changed while it was "
                                 "read");
            if (i + 1 < axes)
                q = q * counts.categories[i].size() + static_cast<std::size_t>(found->second);
            else
                s = found->second;
        }
        result->records.emplace_back(q, s);
    }
    return std::unique_ptr<ChunkResult>(std::move(result));
}

// One pass over the source, each kept record visited as (QI cell, sensitive code) in source order; the
// records must be those counted.
void visitRecords(const DataSource& source, const AnalysisSpec& spec, const PreparedTable& counts,
                  const ComparisonRecordVisitor& visit, const std::function<bool()>& keepRunning)
{
    const std::vector<std::string> columns = source.attributeNames();
    const RecordCoding rc = recordCoding(columns, spec, counts);
    RecordScan scan;
    scan.columns.assign(columns.size(), false);
    for (const std::size_t c : rc.checked)
        scan.columns[c] = true;
    for (const std::size_t c : rc.columnOf)
        scan.columns[c] = true;
    scan.map = [&](const RecordChunk& chunk) { return codeChunk(chunk, rc, counts); };
    std::size_t seen = 0;
    scan.reduce = [&](ChunkResult& result) {
        for (const auto& [q, s] : static_cast<CodedChunk&>(result).records)
            visit(q, s);
        seen += static_cast<CodedChunk&>(result).records.size();
    };
    try {
        source.scanRecords(scan, [&](double) { return keepRunning(); });
    } catch (const Cancelled&) {
        throw ComparisonCancelled();
    }
    if (seen != counts.keptRows())
        throw InputError("the comparison: the records changed while they were read (" + std::to_string(seen) +
                         " now, " + std::to_string(counts.keptRows()) + " counted)");
}

} // namespace

ComparisonRecords comparisonRecords(const DataSource& source, const AnalysisSpec& spec, const PreparedTable& counts)
{
    ComparisonRecords out;
    out.attributes = counts.names;
    out.original = counts.joint;
    out.sensitiveCategories = counts.categories.back();
    out.weighted = source.isWeighted();
    out.forEachRecord = [&source, &spec, &counts](const ComparisonRecordVisitor& visit,
                                                  const std::function<bool()>& keepRunning) {
        visitRecords(source, spec, counts, visit, keepRunning);
    };
    return out;
}

} // namespace rr
