#include "core/analysis/DataSource.h"

#include "core/data/Errors.h"

#include <algorithm>

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
