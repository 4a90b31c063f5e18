#include "core/data/CsvReader.h"

#include "core/data/CsvScan.h"
#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "core/data/LabelDictionary.h"
#include "core/data/MissingTokens.h"
#include "core/data/TotalCount.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace rr {
namespace {

// How the columns of the file map to the table: attributes, the count column, the schema.
struct ReadPlan {
    std::size_t columns = 0;
    int countColumn = -1;
    std::vector<int> attributeOf;                 // file column -> attribute, -1 for the count column
    std::vector<const LabelDictionary*> schemaOf; // per attribute: the fixed category order, or null
    std::vector<LabelDictionary> schemas;         // storage of those orders
    MissingTokens missing;
};

// One block's codes, coded with the block's own dictionaries (merged into the table's in file order).
class TableSink : public CsvBlockSink {
public:
    explicit TableSink(const ReadPlan& plan) : m_plan(plan)
    {
        const std::size_t attrs = plan.schemaOf.size();
        m_dicts.resize(attrs);
        m_codes.resize(attrs);
    }

    bool record(const std::string_view* fields, std::size_t count, std::size_t) override
    {
        if (!checkWidth(count, m_plan.columns))
            return false;
        for (std::size_t i = 0; i < count; ++i) {
            const std::string_view value = fields[i];
            if (static_cast<int>(i) == m_plan.countColumn) {
                double w = 0;
                const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), w);
                if (ec != std::errc() || ptr != value.data() + value.size() || !std::isfinite(w) || w < 0)
                    return fail(": count '" + std::string(value) + "' is not a non-negative number");
                m_weights.push_back(w);
                continue;
            }
            const auto a = static_cast<std::size_t>(m_plan.attributeOf[i]);
            if (m_plan.missing.contains(value)) {
                m_codes[a].push_back(Attribute::kMissing);
                continue;
            }
            if (const LabelDictionary* schema = m_plan.schemaOf[a]) {
                const std::int32_t code = schema->find(value);
                if (code < 0)
                    return fail(": value '" + std::string(value) +
                                    "' of the attribute is not among the schema's "
                                    "categories",
                                static_cast<int>(i));
                m_codes[a].push_back(code);
            } else {
                m_codes[a].push_back(m_dicts[a].insert(value));
            }
        }
        ++m_record;
        return true;
    }

    std::vector<LabelDictionary> m_dicts;
    std::vector<std::vector<std::int32_t>> m_codes;
    std::vector<double> m_weights;

private:
    const ReadPlan& m_plan;
};

// The header read: the count column, and each attribute with its schema's categories when the options give
// an order.
void planFromHeader(const CsvHeader& header, const std::vector<std::string>& paths, const CsvOptions& options,
                    ReadPlan& plan, Table& table)
{
    plan.columns = header.columns.size();
    plan.attributeOf.assign(plan.columns, -1);
    plan.schemas.reserve(plan.columns);
    for (std::size_t i = 0; i < plan.columns; ++i) {
        if (options.countColumn && header.columns[i] == *options.countColumn) {
            plan.countColumn = static_cast<int>(i);
            continue;
        }
        plan.attributeOf[i] = static_cast<int>(table.attributes.size());
        Attribute a;
        a.name = header.columns[i];
        const auto it = options.categoryOrder.find(a.name);
        if (it != options.categoryOrder.end()) {
            LabelDictionary d;
            for (const auto& c : it->second)
                d.insert(c);
            a.categories = d.labels();
            plan.schemas.push_back(std::move(d));
            plan.schemaOf.push_back(&plan.schemas.back());
        } else {
            plan.schemaOf.push_back(nullptr);
        }
        table.attributes.push_back(std::move(a));
    }
    if (options.countColumn && plan.countColumn < 0)
        throw InputError("'" + paths.front() + "': count column '" + *options.countColumn + "' is not in the header");
    if (table.attributes.empty())
        throw InputError("'" + paths.front() + "': no attribute columns");
}

// A block's codes appended in file order, its own codes mapped to the file's (order of first appearance).
void mergeBlock(const TableSink& block, const ReadPlan& plan, std::vector<LabelDictionary>& global, Table& table)
{
    for (std::size_t a = 0; a < table.attributes.size(); ++a) {
        auto& codes = table.attributes[a].codes;
        if (plan.schemaOf[a]) {
            codes.insert(codes.end(), block.m_codes[a].begin(), block.m_codes[a].end());
            continue;
        }
        std::vector<std::int32_t> remap(block.m_dicts[a].size());
        for (std::size_t c = 0; c < remap.size(); ++c)
            remap[c] = global[a].insert(block.m_dicts[a].labels()[c]);
        // No exact reserve here: growing by each block's size would copy the column once per block
        // (quadratic); push_back grows geometrically.
        for (std::int32_t c : block.m_codes[a])
            codes.push_back(c < 0 ? c : remap[static_cast<std::size_t>(c)]);
    }
    table.weights.insert(table.weights.end(), block.m_weights.begin(), block.m_weights.end());
}

} // namespace

char detectDelimiter(const std::string& headerLine)
{
    std::size_t counts[3] = {0, 0, 0};
    const char cands[3] = {',', ';', '\t'};
    bool quoted = false;
    for (char c : headerLine) {
        if (c == '"')
            quoted = !quoted;
        if (quoted)
            continue;
        for (int i = 0; i < 3; ++i)
            if (c == cands[i])
                ++counts[i];
    }
    int best = 0;
    for (int i = 1; i < 3; ++i)
        if (counts[i] > counts[best])
            best = i;
    return cands[best];
}

Table readCsv(const std::vector<std::string>& paths, const CsvOptions& options)
{
    for (const auto& path : paths)
        checkInputFile(path); // a FIFO would block, a device never end
    Table table;
    ReadPlan plan;
    plan.missing = MissingTokens(options.missingTokens);
    std::vector<LabelDictionary> global; // per attribute, in order of first appearance
    CsvScanCallbacks callbacks;
    callbacks.header = [&](const CsvHeader& header) {
        planFromHeader(header, paths, options, plan, table);
        global.resize(table.attributes.size());
    };
    callbacks.newSink = [&]() { return std::make_unique<TableSink>(plan); };
    callbacks.merge = [&](CsvBlockSink& sink, const CsvBlockPosition&) {
        mergeBlock(static_cast<TableSink&>(sink), plan, global, table);
    };
    scanCsv(paths, options, callbacks);
    for (std::size_t a = 0; a < table.attributes.size(); ++a)
        if (!plan.schemaOf[a])
            table.attributes[a].categories = global[a].labels();
    if (table.rowCount() == 0)
        throw InputError("'" + paths.front() + "' has a header but no records (empty table)");
    if (!table.weights.empty())
        checkTotalCount(table.totalWeight(), *options.countColumn);
    return table;
}

} // namespace rr
