#include "core/datasource/PreparedTable.h"

#include "core/data/Errors.h"

#include <algorithm>

namespace rr {

int PreparedTable::axisOf(const std::string& name) const
{
    const auto it = std::find(names.begin(), names.end(), name);
    return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

std::vector<std::string> PreparedTable::cellValues(const std::vector<int>& axes, std::size_t cell) const
{
    std::vector<std::string> out(axes.size());
    for (std::size_t k = axes.size(); k-- > 0;) {
        const auto& cats = categories[static_cast<std::size_t>(axes[k])];
        out[k] = cats[cell % cats.size()];
        cell /= cats.size();
    }
    return out;
}

std::vector<std::string> PreparedTable::cellValues(std::size_t jointCell) const
{
    const auto coords = joint.coordinates(jointCell);
    std::vector<std::string> out;
    out.reserve(coords.size());
    for (std::size_t k = 0; k < coords.size(); ++k)
        out.push_back(categories[k][static_cast<std::size_t>(coords[k])]);
    return out;
}

std::string PreparedTable::cellLabel(const std::vector<int>& axes, std::size_t cell) const
{
    std::string out;
    for (const auto& v : cellValues(axes, cell))
        out += (out.empty() ? "" : " | ") + v;
    return out;
}

long long PreparedTable::cellIndex(const std::vector<int>& axes, const std::vector<std::string>& values) const
{
    if (values.size() != axes.size())
        return -1;
    long long index = 0;
    for (std::size_t k = 0; k < axes.size(); ++k) {
        const auto& cats = categories[static_cast<std::size_t>(axes[k])];
        const auto it = std::find(cats.begin(), cats.end(), values[k]);
        if (it == cats.end())
            return -1;
        index = index * static_cast<long long>(cats.size()) + (it - cats.begin());
    }
    return index;
}

PreparedTable prepareTable(const Table& table, const std::vector<std::string>& names, MissingPolicy policy,
                           std::size_t maxCells)
{
    if (names.empty())
        throw InputError("choose at least one attribute");
    const std::vector<int> used = table.attributeIndices(names); // throws naming an unknown or repeated name
    const RowSelection selection = selectRows(table, used, policy);
    if (selection.rows.empty())
        throw InputError("every record has a missing value in a used attribute (" +
                         std::to_string(selection.droppedRows) + " dropped); nothing is left to analyse");

    PreparedTable out;
    out.names = names;
    // Codes of the kept records renumbered to the categories that occur in them (table order kept).
    std::vector<std::vector<std::int32_t>> remap(used.size());
    for (std::size_t k = 0; k < used.size(); ++k) {
        const Attribute& a = table.attributes[static_cast<std::size_t>(used[k])];
        std::vector<char> present(a.categories.size(), 0);
        for (std::uint32_t r : selection.rows)
            present[static_cast<std::size_t>(a.codes[r])] = 1;
        remap[k].assign(a.categories.size(), Attribute::kMissing);
        std::vector<std::string> cats;
        for (std::size_t c = 0; c < a.categories.size(); ++c)
            if (present[c]) {
                remap[k][c] = static_cast<std::int32_t>(cats.size());
                cats.push_back(a.categories[c]);
            }
        out.dims.push_back(static_cast<int>(cats.size()));
        out.categories.push_back(std::move(cats));
    }
    out.joint = ContingencyTable(out.dims, names, maxCells);
    const auto& strides = out.joint.strides();
    auto& counts = out.joint.counts();
    for (std::uint32_t r : selection.rows) {
        std::size_t idx = 0;
        for (std::size_t k = 0; k < used.size(); ++k)
            idx += strides[k] *
                   static_cast<std::size_t>(remap[k][static_cast<std::size_t>(table.attributes[used[k]].codes[r])]);
        counts[static_cast<Eigen::Index>(idx)] += table.weight(r);
    }
    out.records = out.joint.total();
    checkTotalCount(out.records);
    out.loadedRows = table.rowCount();
    out.droppedRows = selection.droppedRows;
    return out;
}

} // namespace rr
