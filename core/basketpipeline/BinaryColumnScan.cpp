#include "core/basketpipeline/BinaryColumnScan.h"

#include "core/data/Errors.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

namespace rr {
namespace {

// A chunk's baskets (items flattened, with each basket's end), and its first record that is not 0/1.
struct BasketChunk : ChunkResult {
    std::vector<std::uint32_t> items;
    std::vector<std::size_t> ends;
    std::size_t badRow = SIZE_MAX; // within the chunk (its baskets before it are whole)
    std::size_t badItem = 0;
    bool badMissing = false;
    std::string badValue;
};

} // namespace

BinaryColumnItems binaryColumnItems(const DataSource& source, const std::vector<std::string>& names)
{
    if (source.isWeighted())
        throw InputError("baskets need individual records; this table is aggregated (it has a count column)");
    const std::vector<std::string> all = source.attributeNames();
    BinaryColumnItems out;
    if (names.empty()) {
        for (std::size_t c = 0; c < all.size(); ++c) {
            out.columns.push_back(c);
            out.names.push_back(all[c]);
        }
        return out;
    }
    for (const std::string& name : names) {
        std::size_t c = 0;
        while (c < all.size() && all[c] != name)
            ++c;
        if (c == all.size()) {
            std::string known;
            for (const std::string& a : all)
                known += (known.empty() ? "" : ", ") + a;
            throw InputError("unknown attribute '" + name + "' (the table has: " + known + ")");
        }
        out.columns.push_back(c);
        out.names.push_back(name);
    }
    return out;
}

void scanBinaryColumns(const DataSource& source, const BinaryColumnItems& items, const FimiBasketSink& basket,
                       const ProgressFunction& progress)
{
    RecordScan scan;
    scan.columns.assign(source.attributeNames().size(), false);
    for (const std::size_t c : items.columns)
        scan.columns[c] = true;
    scan.map = [&](const RecordChunk& chunk) -> std::unique_ptr<ChunkResult> {
        auto out = std::make_unique<BasketChunk>();
        out->ends.reserve(chunk.rows);
        for (std::size_t r = 0; r < chunk.rows && out->badRow == SIZE_MAX; ++r) {
            for (std::uint32_t i = 0; i < items.columns.size(); ++i) {
                const std::size_t c = items.columns[i];
                const std::string_view v = chunk.isMissing(r, c) ? std::string_view() : chunk.field(r, c);
                if (!chunk.isMissing(r, c) && v == "1") {
                    out->items.push_back(i);
                } else if (chunk.isMissing(r, c) || v != "0") {
                    out->badRow = r;
                    out->badItem = i;
                    out->badMissing = chunk.isMissing(r, c);
                    out->badValue = std::string(v);
                    out->items.resize(out->ends.empty() ? 0 : out->ends.back());
                    break;
                }
            }
            if (out->badRow == SIZE_MAX)
                out->ends.push_back(out->items.size());
        }
        return out;
    };
    std::size_t records = 0;
    scan.reduce = [&](ChunkResult& result) {
        const auto& chunk = static_cast<BasketChunk&>(result);
        for (std::size_t b = 0, begin = 0; b < chunk.ends.size(); begin = chunk.ends[b++])
            basket(std::span<const std::uint32_t>(chunk.items.data() + begin, chunk.ends[b] - begin));
        records += chunk.ends.size();
        if (chunk.badRow == SIZE_MAX)
            return;
        const std::string& column = items.names[chunk.badItem];
        if (chunk.badMissing)
            throw InputError("record " + std::to_string(records + 1) + " has no value in column " + column +
                             "; a basket column holds only 0 and 1");
        throw InputError("column " + column + " has the value '" + chunk.badValue +
                         "'; a basket column holds only 0 and 1");
    };
    source.scanRecords(scan, progress);
}

} // namespace rr
