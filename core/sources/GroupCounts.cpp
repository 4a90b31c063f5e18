#include "core/sources/GroupCounts.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace rr::sql {

namespace {

std::string figure(double v)
{
    return std::to_string(static_cast<long long>(v));
}

} // namespace

CategoryCodes::CategoryCodes(std::string attribute, std::size_t maxCategories)
    : m_attribute(std::move(attribute)), m_max(maxCategories)
{}

std::int32_t CategoryCodes::code(const std::string& value)
{
    const auto it = m_index.find(value);
    if (it != m_index.end())
        return it->second;
    if (m_labels.size() >= m_max)
        throw InputError("attribute '" + m_attribute + "' has more than " + std::to_string(m_max) +
                         " distinct values, over the limit for a categorical attribute");
    const auto code = static_cast<std::int32_t>(m_labels.size());
    m_index.emplace(value, code);
    m_labels.push_back(value);
    return code;
}

std::vector<std::string> CategoryCodes::sorted(std::vector<std::int32_t>& remap) const
{
    std::vector<std::int32_t> order(m_labels.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::int32_t a, std::int32_t b) { return m_labels[a] < m_labels[b]; });
    remap.assign(m_labels.size(), 0);
    std::vector<std::string> out;
    out.reserve(m_labels.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
        remap[static_cast<std::size_t>(order[k])] = static_cast<std::int32_t>(k);
        out.push_back(m_labels[static_cast<std::size_t>(order[k])]);
    }
    return out;
}

GroupCounts::GroupCounts(std::vector<std::string> names, const SqlLimits& limits)
    : m_names(std::move(names)), m_limits(limits)
{
    for (const auto& n : m_names)
        m_axes.emplace_back(n, limits.maxCategories);
}

void GroupCounts::addKept(const std::vector<std::string>& values, double count)
{
    if (!(count >= 0) || !std::isfinite(count) || count != std::floor(count))
        throw InputError("the database returned a group count that is not a whole number >= 0");
    bool grew = false;
    for (std::size_t k = 0; k < m_axes.size(); ++k) {
        const std::size_t before = m_axes[k].size();
        m_codes.push_back(m_axes[k].code(values[k]));
        grew = grew || m_axes[k].size() != before;
    }
    if (grew) {
        std::vector<int> dims;
        for (const auto& a : m_axes)
            dims.push_back(static_cast<int>(a.size()));
        checkedDomainSize(dims, m_limits.maxCells); // DomainError with the cells and the limit
    }
    m_counts.push_back(count);
}

void GroupCounts::addDropped(double count)
{
    if (!(count >= 0) || !std::isfinite(count))
        throw InputError("the database returned a group count that is not a number >= 0");
    m_dropped += count;
}

PreparedTable GroupCounts::finish() const
{
    const double kept = std::accumulate(m_counts.begin(), m_counts.end(), 0.0);
    if (kept + m_dropped <= 0)
        throw InputError("the source has no rows; nothing to analyse");
    if (kept <= 0)
        throw InputError("every record has a missing value in a used attribute (" + figure(m_dropped) +
                         " dropped); nothing is left to analyse");
    PreparedTable out;
    out.names = m_names;
    std::vector<std::vector<std::int32_t>> remap(m_axes.size());
    for (std::size_t k = 0; k < m_axes.size(); ++k) {
        out.categories.push_back(m_axes[k].sorted(remap[k]));
        out.dims.push_back(static_cast<int>(out.categories.back().size()));
    }
    out.joint = ContingencyTable(out.dims, m_names, m_limits.maxCells);
    const auto& strides = out.joint.strides();
    auto& counts = out.joint.counts();
    const std::size_t axes = m_axes.size();
    for (std::size_t g = 0; g < m_counts.size(); ++g) {
        std::size_t idx = 0;
        for (std::size_t k = 0; k < axes; ++k)
            idx += strides[k] * static_cast<std::size_t>(remap[k][static_cast<std::size_t>(m_codes[g * axes + k])]);
        counts[static_cast<Eigen::Index>(idx)] += m_counts[g]; // values equal as text add up
    }
    out.records = out.joint.total();
    out.loadedRows = static_cast<std::size_t>(kept + m_dropped);
    out.droppedRows = static_cast<std::size_t>(m_dropped);
    return out;
}

RecordRows::RecordRows(std::vector<std::string> names, const SqlLimits& limits)
{
    for (auto& n : names)
        m_axes.emplace_back(std::move(n), limits.maxCategories);
    m_codes.resize(m_axes.size());
}

void RecordRows::add(const std::vector<std::string>& values)
{
    for (std::size_t k = 0; k < m_axes.size(); ++k)
        m_codes[k].push_back(m_axes[k].code(values[k]));
    ++m_rows;
}

Table RecordRows::finish() const
{
    Table out;
    out.attributes.resize(m_axes.size());
    for (std::size_t k = 0; k < m_axes.size(); ++k) {
        std::vector<std::int32_t> remap;
        Attribute& a = out.attributes[k];
        a.name = m_axes[k].attribute();
        a.categories = m_axes[k].sorted(remap);
        a.codes.reserve(m_codes[k].size());
        for (std::int32_t c : m_codes[k])
            a.codes.push_back(remap[static_cast<std::size_t>(c)]);
    }
    return out;
}

} // namespace rr::sql
