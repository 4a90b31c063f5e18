#include "core/contingency/CodeCounts.h"

#include "core/data/Errors.h"

#include <limits>
#include <map>
#include <set>
#include <unordered_map>

namespace rr {
namespace {

constexpr std::uint64_t kDenseCells = std::uint64_t{1} << 22; // a count array of up to 4M cells (32 MiB)

void checkColumns(const std::vector<CodeColumn>& columns)
{
    std::set<std::string> names;
    for (const auto& c : columns) {
        if (!names.insert(c.name).second)
            throw InputError("column '" + c.name + "' is given twice");
        std::set<std::string> labels(c.labels.begin(), c.labels.end());
        if (labels.size() != c.labels.size())
            throw InputError("column '" + c.name + "' has a category label twice");
    }
}

[[noreturn]] void badCode(const CodeColumn& c, std::size_t row, std::int32_t code)
{
    throw InputError("column '" + c.name + "': code " + std::to_string(code) + " at row " + std::to_string(row) +
                     " is neither a category (0.." + std::to_string(static_cast<long long>(c.labels.size()) - 1) +
                     ") nor -1 (missing)");
}

// Each column's stride in the mixed radix over (labels + 1) per column (the last digit value standing for
// "missing"); `product`: the number of cells. Refused past 2^64 cells.
std::vector<std::uint64_t> cellStrides(const std::vector<CodeColumn>& columns, std::uint64_t& product)
{
    const std::size_t k = columns.size();
    std::vector<std::uint64_t> stride(k);
    product = 1;
    bool fits = true;
    for (std::size_t j = 0; j < k; ++j) {
        const std::uint64_t radix = columns[j].labels.size() + 1;
        stride[j] = product;
        if (product > std::numeric_limits<std::uint64_t>::max() / radix)
            fits = false;
        else
            product *= radix;
    }
    if (!fits)
        throw DomainError("the joint domain of " + std::to_string(k) + " columns has more than 2^64 cells");
    return stride;
}

// Column j of the table: each distinct cell's code of the column, its categories in first-appearance order.
void cellColumn(const CodeColumn& c, std::uint64_t stride, const std::vector<std::uint64_t>& firstCellKeys,
                Attribute& a)
{
    a.name = c.name;
    const std::uint64_t radix = c.labels.size() + 1;
    std::vector<std::int32_t> relabel(c.labels.size(), -1); // first-appearance order
    a.codes.reserve(firstCellKeys.size());
    for (const std::uint64_t key : firstCellKeys) {
        const auto code = static_cast<std::int64_t>((key / stride) % radix);
        if (code == static_cast<std::int64_t>(c.labels.size())) {
            a.codes.push_back(Attribute::kMissing);
            continue;
        }
        if (relabel[code] < 0) {
            relabel[code] = static_cast<std::int32_t>(a.categories.size());
            a.categories.push_back(c.labels[code]);
        }
        a.codes.push_back(relabel[code]);
    }
}

} // namespace

Table countCodes(const std::vector<CodeColumn>& columns, std::size_t rows, const double* weights)
{
    if (columns.empty())
        throw InputError("choose at least one attribute");
    checkColumns(columns);
    const std::size_t k = columns.size();
    std::uint64_t product = 1;
    const std::vector<std::uint64_t> stride = cellStrides(columns, product);

    std::vector<std::uint64_t> firstCellKeys; // cells in order of first appearance
    std::vector<double> counts;
    const bool dense = product <= kDenseCells;
    std::vector<std::uint32_t> denseIndex(dense ? product : 0, 0); // cell index + 1, 0 = not seen
    std::unordered_map<std::uint64_t, std::uint32_t> sparseIndex;
    for (std::size_t r = 0; r < rows; ++r) {
        std::uint64_t key = 0;
        for (std::size_t j = 0; j < k; ++j) {
            const std::int32_t c = columns[j].codes[r];
            const auto d = static_cast<std::int64_t>(columns[j].labels.size());
            if (c < -1 || c >= d)
                badCode(columns[j], r, c);
            key += static_cast<std::uint64_t>(c < 0 ? d : c) * stride[j];
        }
        std::uint32_t& slot = dense ? denseIndex[key] : sparseIndex[key];
        if (slot == 0) {
            firstCellKeys.push_back(key);
            counts.push_back(0);
            slot = static_cast<std::uint32_t>(counts.size());
        }
        counts[slot - 1] += weights ? weights[r] : 1.0;
    }

    Table table;
    table.weights = std::move(counts);
    table.attributes.resize(k);
    for (std::size_t j = 0; j < k; ++j)
        cellColumn(columns[j], stride[j], firstCellKeys, table.attributes[j]);
    return table;
}

Table recordsFromCodes(const std::vector<CodeColumn>& columns, std::size_t rows, const std::vector<bool>& wholeDomain)
{
    if (columns.empty())
        throw InputError("choose at least one attribute");
    checkColumns(columns);
    Table table;
    for (std::size_t j = 0; j < columns.size(); ++j) {
        const CodeColumn& c = columns[j];
        Attribute a;
        a.name = c.name;
        a.codes.resize(rows);
        std::vector<std::int32_t> relabel(c.labels.size(), -1);
        if (j < wholeDomain.size() && wholeDomain[j]) {
            a.categories = c.labels;
            for (std::size_t k = 0; k < relabel.size(); ++k)
                relabel[k] = static_cast<std::int32_t>(k);
        }
        const auto d = static_cast<std::int64_t>(c.labels.size());
        for (std::size_t r = 0; r < rows; ++r) {
            const std::int32_t code = c.codes[r];
            if (code < -1 || code >= d)
                badCode(c, r, code);
            if (code == -1) {
                a.codes[r] = Attribute::kMissing;
                continue;
            }
            if (relabel[code] < 0) {
                relabel[code] = a.domainSize();
                a.categories.push_back(c.labels[code]);
            }
            a.codes[r] = relabel[code];
        }
        table.attributes.push_back(std::move(a));
    }
    return table;
}

Table addCounts(const Table& a, const Table& b)
{
    if (a.attributes.size() != b.attributes.size())
        throw InputError("counts over " + std::to_string(a.attributes.size()) + " and " +
                         std::to_string(b.attributes.size()) + " columns cannot be added");
    const std::size_t k = a.attributes.size();
    for (std::size_t j = 0; j < k; ++j)
        if (a.attributes[j].name != b.attributes[j].name)
            throw InputError("counts cannot be added: column " + std::to_string(j + 1) + " is '" +
                             a.attributes[j].name + "' in one and '" + b.attributes[j].name + "' in the other");
    Table sum = a;
    if (sum.weights.empty())
        sum.weights.assign(a.rowCount(), 1.0);
    // b's codes in sum's categories (new categories appended)
    std::vector<std::vector<std::int32_t>> mapped(k);
    for (std::size_t j = 0; j < k; ++j) {
        Attribute& s = sum.attributes[j];
        const Attribute& o = b.attributes[j];
        std::vector<std::int32_t> map(o.categories.size());
        for (std::size_t c = 0; c < o.categories.size(); ++c) {
            int index = s.categoryIndex(o.categories[c]);
            if (index < 0) {
                index = s.domainSize();
                s.categories.push_back(o.categories[c]);
            }
            map[c] = index;
        }
        mapped[j] = std::move(map);
    }
    std::map<std::vector<std::int32_t>, std::size_t> cellOf;
    std::vector<std::int32_t> cell(k);
    for (std::size_t r = 0; r < sum.rowCount(); ++r) {
        for (std::size_t j = 0; j < k; ++j)
            cell[j] = sum.attributes[j].codes[r];
        cellOf.emplace(cell, r);
    }
    for (std::size_t r = 0; r < b.rowCount(); ++r) {
        for (std::size_t j = 0; j < k; ++j) {
            const std::int32_t c = b.attributes[j].codes[r];
            cell[j] = c < 0 ? Attribute::kMissing : mapped[j][c];
        }
        const auto [it, added] = cellOf.emplace(cell, sum.rowCount());
        if (added) {
            for (std::size_t j = 0; j < k; ++j)
                sum.attributes[j].codes.push_back(cell[j]);
            sum.weights.push_back(0);
        }
        sum.weights[it->second] += b.weight(r);
    }
    return sum;
}

} // namespace rr
