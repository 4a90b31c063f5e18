#include "core/datasource/SourceCounts.h"

#include "core/contingency/CodeCounts.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <memory>
#include <string_view>
#include <unordered_map>

namespace rr {
namespace {

struct ChunkCounts : ChunkResult {
    Table counts;
};

} // namespace

Table countSource(const DataSource& source, const std::vector<std::string>& names, const ProgressFunction& progress)
{
    if (names.empty())
        throw InputError("choose at least one attribute");
    const std::vector<std::string> all = source.attributeNames();
    std::vector<std::size_t> index;
    for (const auto& n : names) {
        const auto it = std::find(all.begin(), all.end(), n);
        if (it == all.end())
            throw InputError("unknown attribute '" + n + "'");
        index.push_back(static_cast<std::size_t>(it - all.begin()));
    }
    RecordScan scan;
    scan.columns.assign(all.size(), false);
    for (const std::size_t i : index)
        scan.columns[i] = true;
    scan.map = [&](const RecordChunk& chunk) {
        std::vector<std::vector<std::int32_t>> codes(names.size(), std::vector<std::int32_t>(chunk.rows));
        std::vector<CodeColumn> columns(names.size());
        for (std::size_t j = 0; j < names.size(); ++j) {
            std::unordered_map<std::string_view, std::int32_t> labelIndex;
            columns[j].name = names[j];
            for (std::size_t r = 0; r < chunk.rows; ++r) {
                if (chunk.isMissing(r, index[j])) {
                    codes[j][r] = Attribute::kMissing;
                    continue;
                }
                const std::string_view field = chunk.field(r, index[j]);
                const auto [it, added] = labelIndex.emplace(field, static_cast<std::int32_t>(labelIndex.size()));
                if (added)
                    columns[j].labels.emplace_back(field);
                codes[j][r] = it->second;
            }
            columns[j].codes = codes[j].data();
        }
        auto result = std::make_unique<ChunkCounts>();
        result->counts = countCodes(columns, chunk.rows, chunk.weights.empty() ? nullptr : chunk.weights.data());
        return std::unique_ptr<ChunkResult>(std::move(result));
    };
    Table total;
    bool first = true;
    scan.reduce = [&](ChunkResult& r) {
        Table& counts = static_cast<ChunkCounts&>(r).counts;
        total = first ? std::move(counts) : addCounts(total, counts);
        first = false;
    };
    source.scanRecords(scan, progress);
    if (first) { // no record: the columns, no cell
        for (const auto& n : names)
            total.attributes.push_back(Attribute{n, {}, {}});
    }
    return total;
}

} // namespace rr
