#include "core/datasource/DataSource.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <limits>

namespace rr {

const AttributeSummary& SourceSummary::attribute(const std::string& name) const
{
    for (const auto& a : attributes)
        if (a.name == name)
            return a;
    std::string known;
    for (const auto& a : attributes)
        known += (known.empty() ? "" : ", ") + a.name;
    throw InputError("unknown attribute '" + name + "' (the table has: " + known + ")");
}

TableSource::TableSource(Table table, std::string description)
    : m_table(std::move(table)), m_description(std::move(description))
{
    m_summary.rows = m_table.rowCount();
    m_summary.weighted = !m_table.weights.empty();
    m_summary.totalWeight = m_table.totalWeight();
    for (const Attribute& a : m_table.attributes) {
        AttributeSummary s;
        s.name = a.name;
        s.categories = a.categories;
        s.counts.assign(a.categories.size(), 0.0);
        for (std::size_t r = 0; r < a.codes.size(); ++r) {
            if (a.codes[r] == Attribute::kMissing)
                s.missing += m_table.weight(r);
            else
                s.counts[static_cast<std::size_t>(a.codes[r])] += m_table.weight(r);
        }
        m_summary.attributes.push_back(std::move(s));
    }
}

KeptSummary TableSource::summarize(const std::vector<std::string>& names, MissingPolicy policy,
                                   const ProgressFunction&) const
{
    std::size_t dropped = 0;
    const Table kept = completeRecords(m_table, m_table.attributeIndices(names), policy, &dropped);
    KeptSummary out;
    out.rows = kept.rowCount();
    out.droppedRows = dropped;
    out.records = kept.totalWeight();
    const TableSource keptSource(kept);
    for (const auto& n : names)
        out.attributes.push_back(keptSource.summary().attribute(n));
    return out;
}

PreparedTable TableSource::aggregate(const std::vector<std::string>& names, MissingPolicy policy,
                                     const ProgressFunction&) const
{
    return prepareTable(m_table, names, policy);
}

Table TableSource::records(std::size_t maxRows, const ProgressFunction&) const
{
    if (m_table.rowCount() > maxRows)
        throw InputError("the table has " + std::to_string(m_table.rowCount()) + " records, more than the " +
                         std::to_string(maxRows) + " this feature holds in memory");
    return m_table;
}

RowPage TableSource::rows(std::size_t first, std::size_t count) const
{
    RowPage page;
    page.first = first;
    const std::size_t end = std::min(m_table.rowCount(), first + count);
    for (std::size_t r = first; r < end; ++r) {
        std::vector<std::string> values;
        std::vector<bool> missing;
        for (const Attribute& a : m_table.attributes) {
            const std::int32_t code = a.codes[r];
            missing.push_back(code == Attribute::kMissing);
            values.push_back(code == Attribute::kMissing ? std::string()
                                                         : a.categories[static_cast<std::size_t>(code)]);
        }
        page.values.push_back(std::move(values));
        page.missing.push_back(std::move(missing));
        if (!m_table.weights.empty())
            page.weights.push_back(m_table.weights[r]);
    }
    return page;
}

PreparedTable prepareTable(const DataSource& source, const std::vector<std::string>& names, MissingPolicy policy,
                           const ProgressFunction& progress)
{
    if (names.empty())
        throw InputError("choose at least one attribute");
    return source.aggregate(names, policy, progress);
}

} // namespace rr

namespace rr {

std::vector<std::string> DataSource::attributeNames() const
{
    std::vector<std::string> out;
    for (const AttributeSummary& a : summary().attributes)
        out.push_back(a.name);
    return out;
}

std::vector<AttributeSummary> DataSource::describeAttributes(const std::vector<std::string>& names,
                                                             const ProgressFunction&) const
{
    std::vector<AttributeSummary> out;
    for (const std::string& n : names)
        out.push_back(summary().attribute(n));
    return out;
}

void DataSource::scanRecords(const RecordScan& scan, const ProgressFunction& progress) const
{
    const Table table = records(std::numeric_limits<std::size_t>::max(), [&](double f) {
        return !progress || progress(f < 0 ? f : f / 2);
    });
    constexpr std::size_t kChunkRows = std::size_t(1) << 16;
    const std::size_t n = table.rowCount();
    RecordChunk chunk;
    chunk.columns = table.attributes.size();
    for (std::size_t first = 0, index = 0; first < n; first += kChunkRows, ++index) {
        const std::size_t end = std::min(n, first + kChunkRows);
        chunk.key = index;
        chunk.rows = end - first;
        chunk.fields.clear();
        chunk.missing.clear();
        for (std::size_t r = first; r < end; ++r)
            for (const Attribute& a : table.attributes) {
                const std::int32_t code = a.codes[r];
                chunk.missing.push_back(code == Attribute::kMissing ? 1 : 0);
                chunk.fields.emplace_back(code == Attribute::kMissing ? std::string_view()
                                                                      : a.categories[static_cast<std::size_t>(code)]);
            }
        chunk.weights.assign(table.weights.begin() + static_cast<std::ptrdiff_t>(table.weights.empty() ? 0 : first),
                             table.weights.empty() ? table.weights.begin() : table.weights.begin() +
                                                                                   static_cast<std::ptrdiff_t>(end));
        std::unique_ptr<ChunkResult> result = mapChunk(scan, chunk);
        scan.reduce(*result);
        if (progress && !progress(0.5 + 0.5 * static_cast<double>(end) / static_cast<double>(n)))
            throw Cancelled("reading was cancelled");
    }
}

} // namespace rr
