#include "core/data/Table.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <numeric>

namespace rr {

std::size_t Attribute::missingCount() const
{
    return static_cast<std::size_t>(std::count(codes.begin(), codes.end(), kMissing));
}

int Attribute::categoryIndex(const std::string& label) const
{
    auto it = std::find(categories.begin(), categories.end(), label);
    return it == categories.end() ? -1 : static_cast<int>(it - categories.begin());
}

double Table::totalWeight() const
{
    if (weights.empty())
        return static_cast<double>(rowCount());
    return std::accumulate(weights.begin(), weights.end(), 0.0);
}

int Table::attributeIndex(const std::string& name) const
{
    for (std::size_t i = 0; i < attributes.size(); ++i)
        if (attributes[i].name == name)
            return static_cast<int>(i);
    std::string known;
    for (const auto& a : attributes)
        known += (known.empty() ? "" : ", ") + a.name;
    throw InputError("unknown attribute '" + name + "' (the table has: " + known + ")");
}

std::vector<int> Table::attributeIndices(const std::vector<std::string>& names) const
{
    std::vector<int> out;
    out.reserve(names.size());
    for (const auto& n : names) {
        int idx = attributeIndex(n);
        if (std::find(out.begin(), out.end(), idx) != out.end())
            throw InputError("attribute '" + n + "' is listed twice");
        out.push_back(idx);
    }
    return out;
}

RowSelection selectRows(const Table& table, const std::vector<int>& usedAttributes, MissingPolicy policy)
{
    std::vector<int> checked = usedAttributes;
    if (policy == MissingPolicy::DropIncomplete) {
        checked.resize(table.attributes.size());
        std::iota(checked.begin(), checked.end(), 0);
    }
    RowSelection sel;
    const std::size_t n = table.rowCount();
    sel.rows.reserve(n);
    for (std::size_t r = 0; r < n; ++r) {
        bool complete = true;
        for (int a : checked)
            if (table.attributes[a].codes[r] == Attribute::kMissing) {
                complete = false;
                break;
            }
        if (complete) {
            sel.rows.push_back(static_cast<uint32_t>(r));
        } else {
            ++sel.droppedRows;
            sel.droppedWeight += table.weight(r);
        }
    }
    return sel;
}

Table subsetRows(const Table& table, const std::vector<uint32_t>& rows)
{
    Table out;
    out.attributes.resize(table.attributes.size());
    for (std::size_t a = 0; a < table.attributes.size(); ++a) {
        const Attribute& src = table.attributes[a];
        Attribute& dst = out.attributes[a];
        dst.name = src.name;
        std::vector<char> used(src.categories.size(), 0);
        for (uint32_t r : rows)
            if (src.codes[r] >= 0)
                used[src.codes[r]] = 1;
        std::vector<int32_t> remap(src.categories.size(), Attribute::kMissing);
        for (std::size_t c = 0; c < src.categories.size(); ++c)
            if (used[c]) {
                remap[c] = static_cast<int32_t>(dst.categories.size());
                dst.categories.push_back(src.categories[c]);
            }
        dst.codes.reserve(rows.size());
        for (uint32_t r : rows)
            dst.codes.push_back(src.codes[r] >= 0 ? remap[src.codes[r]] : Attribute::kMissing);
    }
    if (!table.weights.empty()) {
        out.weights.reserve(rows.size());
        for (uint32_t r : rows)
            out.weights.push_back(table.weights[r]);
    }
    return out;
}

Table completeRecords(const Table& table, const std::vector<int>& usedAttributes, MissingPolicy policy,
                      std::size_t* dropped)
{
    RowSelection sel = selectRows(table, usedAttributes, policy);
    if (dropped)
        *dropped = sel.droppedRows;
    if (sel.rows.empty())
        throw InputError("every record has a missing value in a used attribute (" + std::to_string(sel.droppedRows) +
                         " dropped); nothing is left to analyse");
    return subsetRows(table, sel.rows);
}

} // namespace rr
