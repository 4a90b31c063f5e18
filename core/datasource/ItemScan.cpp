#include "core/datasource/ItemScan.h"

#include "core/data/Errors.h"
#include "core/randomization/RandomSource.h"
#include "core/randomization/Randomize.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>

namespace rr {
namespace {

// An attribute the items read: its column, the code of each category, and its sampler when randomized.
struct ItemAttribute {
    std::size_t column = 0;
    std::string name;
    std::unordered_map<std::string_view, int> code; // views into the request's categories
    std::optional<ColumnSampler> sampler;
};

// A chunk's kept records: one flag per item, original then randomized, row-major.
struct ItemChunk : ChunkResult {
    std::size_t rows = 0, dropped = 0;
    std::vector<std::uint8_t> original, randomized;
};

// Appends `rows` flags of each item (flags[r * items + k]) after the `records` already held.
void appendFlags(BinaryItems& out, std::size_t records, const std::vector<std::uint8_t>& flags, std::size_t rows)
{
    const std::size_t items = out.bits.size();
    for (std::size_t k = 0; k < items; ++k) {
        std::vector<std::uint64_t>& column = out.bits[k];
        for (std::size_t r = 0; r < rows; ++r) {
            const std::size_t at = records + r;
            if (at % 64 == 0)
                column.push_back(0);
            column.back() |= std::uint64_t(flags[r * items + k] != 0) << (at % 64);
        }
    }
}

// The attribute item `item` reads: its column, its categories' codes, the sampler of its matrix if randomized.
ItemAttribute itemAttribute(const ItemColumn& item, const std::vector<std::string>& names,
                            const ItemScanRequest& request, const DataSource& source)
{
    const auto found = std::find(names.begin(), names.end(), item.attribute);
    if (found == names.end())
        throw InputError("rules: no attribute '" + item.attribute + "' in " + source.description());
    ItemAttribute attr;
    attr.column = static_cast<std::size_t>(found - names.begin());
    attr.name = item.attribute;
    for (std::size_t c = 0; c < item.categories.size(); ++c)
        attr.code.emplace(item.categories[c], static_cast<int>(c));
    if (const auto m = request.randomize.find(item.attribute); m != request.randomize.end()) {
        if (m->second.size() != static_cast<int>(item.categories.size()))
            throw InputError("rules: the matrix of '" + item.attribute + "' has " + std::to_string(m->second.size()) +
                             " categories, the attribute " + std::to_string(item.categories.size()));
        attr.sampler.emplace(m->second);
    }
    return attr;
}

// The attributes the items read, each once in the order first named; `attributeOf` gets each item's.
std::vector<ItemAttribute> itemAttributes(const DataSource& source, const std::vector<std::string>& names,
                                          const ItemScanRequest& request, std::vector<std::size_t>& attributeOf)
{
    std::vector<ItemAttribute> attributes;
    for (const ItemColumn& item : request.items) {
        if (item.present.size() != item.categories.size())
            throw InputError("rules: item '" + item.attribute + "' has " + std::to_string(item.present.size()) +
                             " present flags for " + std::to_string(item.categories.size()) + " categories");
        std::size_t a = 0;
        while (a < attributes.size() && attributes[a].name != item.attribute)
            ++a;
        if (a == attributes.size())
            attributes.push_back(itemAttribute(item, names, request, source));
        attributeOf.push_back(a);
    }
    return attributes;
}

// What every chunk's map reads (shared by the threads, read only).
struct ItemShape {
    const ItemScanRequest& request;
    const std::vector<ItemAttribute>& attributes;
    const std::vector<std::size_t>& attributeOf; // per item
    const StreamKey& key;
    bool simulate;
};

// Whether record r is kept: no missing value in any column (DropIncomplete) or in the items' attributes.
bool keepsRecord(const RecordChunk& chunk, std::size_t r, const ItemShape& shape)
{
    bool keep = true;
    if (shape.request.policy == MissingPolicy::DropIncomplete) {
        for (std::size_t c = 0; c < chunk.columns && keep; ++c)
            keep = !chunk.isMissing(r, c);
    } else {
        for (std::size_t a = 0; a < shape.attributes.size() && keep; ++a)
            keep = !chunk.isMissing(r, shape.attributes[a].column);
    }
    return keep;
}

// A chunk's kept records as item flags, original and (simulating) randomized from the chunk's own stream.
std::unique_ptr<ChunkResult> flagChunk(const RecordChunk& chunk, const ItemShape& shape)
{
    const std::vector<ItemAttribute>& attributes = shape.attributes;
    const std::size_t items = shape.request.items.size();
    auto out = std::make_unique<ItemChunk>();
    out->original.reserve(chunk.rows * items);
    if (shape.simulate)
        out->randomized.reserve(chunk.rows * items);
    RandomSource stream = RandomSource::stream(shape.key, chunk.key);
    std::vector<int> codes(attributes.size()), drawn(attributes.size());
    for (std::size_t r = 0; r < chunk.rows; ++r) {
        if (!keepsRecord(chunk, r, shape)) {
            ++out->dropped;
            continue;
        }
        for (std::size_t a = 0; a < attributes.size(); ++a) {
            const ItemAttribute& attr = attributes[a];
            const std::string_view value = chunk.field(r, attr.column);
            const auto found = attr.code.find(value);
            if (found == attr.code.end())
                throw InputError("rules: the value '" + std::string(value) + "' of '" + attr.name +
                                 "' is not among its categories; the source changed since it was opened");
            codes[a] = found->second;
            drawn[a] = attr.sampler ? attr.sampler->draw(codes[a], stream) : codes[a]; // 003 eq. 2.1
        }
        for (std::size_t k = 0; k < items; ++k) {
            const std::vector<char>& present = shape.request.items[k].present;
            const std::size_t a = shape.attributeOf[k];
            out->original.push_back(present[static_cast<std::size_t>(codes[a])] ? 1 : 0);
            if (shape.simulate)
                out->randomized.push_back(present[static_cast<std::size_t>(drawn[a])] ? 1 : 0);
        }
        ++out->rows;
    }
    return out;
}

} // namespace

ItemScan scanItems(const DataSource& source, const ItemScanRequest& request, const ProgressFunction& progress)
{
    if (source.isWeighted())
        throw InputError("rules are mined from one row per record, not aggregated counts (a count column)");
    const std::vector<std::string> names = source.attributeNames();
    std::vector<std::size_t> attributeOf; // per item
    const std::vector<ItemAttribute> attributes = itemAttributes(source, names, request, attributeOf);
    const bool simulate = !request.randomize.empty();

    RecordScan scan;
    scan.columns.assign(names.size(), request.policy == MissingPolicy::DropIncomplete);
    for (const ItemAttribute& a : attributes)
        scan.columns[a.column] = true;
    RandomSource seeded = RandomSource::seeded(request.seed);
    const StreamKey key = seeded.drawStreamKey();
    const ItemShape shape{request, attributes, attributeOf, key, simulate};
    scan.map = [&shape](const RecordChunk& chunk) { return flagChunk(chunk, shape); };
    ItemScan result;
    for (const ItemColumn& item : request.items) {
        result.original.names.push_back(item.attribute);
        result.original.bits.emplace_back();
    }
    if (simulate)
        result.randomized = result.original;
    scan.reduce = [&](ChunkResult& r) {
        auto& chunk = static_cast<ItemChunk&>(r);
        appendFlags(result.original, result.original.records, chunk.original, chunk.rows);
        result.original.records += chunk.rows;
        if (simulate) {
            appendFlags(result.randomized, result.randomized.records, chunk.randomized, chunk.rows);
            result.randomized.records += chunk.rows;
        }
        result.dropped += chunk.dropped;
    };
    source.scanRecords(scan, progress);
    return result;
}

} // namespace rr
