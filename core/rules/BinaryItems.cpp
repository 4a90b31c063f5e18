#include "core/rules/BinaryItems.h"

#include "core/data/Errors.h"

#include <bit>
#include <string>

namespace rr {

namespace {

void checkItems(const BinaryItems& data, const std::vector<int>& items)
{
    if (static_cast<int>(items.size()) > kMaxItemsetSize)
        throw DomainError("an itemset of " + std::to_string(items.size()) + " items needs a table of 2^" +
                          std::to_string(items.size()) + " cells; the limit is " + std::to_string(kMaxItemsetSize) +
                          " items");
    std::vector<bool> seen(data.bits.size(), false);
    for (int i : items) {
        if (i < 0 || i >= static_cast<int>(data.bits.size()))
            throw InputError("item index " + std::to_string(i) + " is out of range (there are " +
                             std::to_string(data.bits.size()) + " items)");
        if (seen[i])
            throw InputError("item '" + data.names[i] + "' is listed twice in an itemset");
        seen[i] = true;
    }
}

// The mask of valid records in each word (the last word is partial).
std::uint64_t wordMask(const BinaryItems& data, std::size_t w)
{
    const std::size_t words = data.bits.empty() ? 0 : data.bits.front().size();
    const std::size_t tail = data.records % 64;
    return (w + 1 == words && tail != 0) ? (std::uint64_t(1) << tail) - 1 : ~std::uint64_t(0);
}

} // namespace

int presentCategoryOf(const Attribute& attribute)
{
    const int one = attribute.categoryIndex("1");
    if (one < 0 || attribute.domainSize() > 2 || (attribute.domainSize() == 2 && attribute.categoryIndex("0") < 0))
        throw InputError("attribute '" + attribute.name +
                         "' is not a 0/1 item (its categories are not '0' and '1'); "
                         "name the category that counts as present");
    return one;
}

BinaryItems binaryItems(const Table& table, const std::vector<int>& attributes, const std::vector<int>& present)
{
    if (attributes.size() != present.size())
        throw InputError("binary items: one present category per attribute is needed");
    std::vector<std::vector<char>> sets;
    for (std::size_t i = 0; i < attributes.size(); ++i) {
        const int a = attributes[i];
        if (a < 0 || a >= static_cast<int>(table.attributes.size()))
            throw InputError("binary items: attribute index " + std::to_string(a) + " is out of range");
        const Attribute& attr = table.attributes[a];
        if (present[i] < 0 || present[i] >= attr.domainSize())
            throw InputError("attribute '" + attr.name + "': the present category index " + std::to_string(present[i]) +
                             " is outside 0.." + std::to_string(attr.domainSize() - 1));
        std::vector<char> set(static_cast<std::size_t>(attr.domainSize()), 0);
        set[static_cast<std::size_t>(present[i])] = 1;
        sets.push_back(std::move(set));
    }
    return binaryItems(table, attributes, sets);
}

BinaryItems binaryItems(const Table& table, const std::vector<int>& attributes,
                        const std::vector<std::vector<char>>& presentSets)
{
    if (attributes.size() != presentSets.size())
        throw InputError("binary items: one set of present categories per attribute is needed");
    if (!table.weights.empty())
        throw InputError("binary items need one row per record, not aggregated counts");
    BinaryItems out;
    out.records = table.rowCount();
    const std::size_t words = (out.records + 63) / 64;
    for (std::size_t i = 0; i < attributes.size(); ++i) {
        const int a = attributes[i];
        if (a < 0 || a >= static_cast<int>(table.attributes.size()))
            throw InputError("binary items: attribute index " + std::to_string(a) + " is out of range");
        const Attribute& attr = table.attributes[a];
        const std::vector<char>& set = presentSets[i];
        if (set.size() != static_cast<std::size_t>(attr.domainSize()))
            throw InputError("attribute '" + attr.name + "': the present set has " + std::to_string(set.size()) +
                             " entries for " + std::to_string(attr.domainSize()) + " categories");
        std::vector<std::uint64_t> column(words, 0);
        for (std::size_t r = 0; r < out.records; ++r) {
            const int32_t code = attr.codes[r];
            if (code == Attribute::kMissing)
                throw InputError("attribute '" + attr.name + "' is missing in record " + std::to_string(r + 1) +
                                 "; drop incomplete records before mining");
            if (set[static_cast<std::size_t>(code)])
                column[r / 64] |= std::uint64_t(1) << (r % 64);
        }
        out.names.push_back(attr.name);
        out.bits.push_back(std::move(column));
    }
    return out;
}

Eigen::VectorXd itemsetCounts(const BinaryItems& data, const std::vector<int>& items)
{
    checkItems(data, items);
    const int k = static_cast<int>(items.size());
    const std::size_t words = data.bits.empty() ? 0 : data.bits.front().size();
    Eigen::VectorXd counts = Eigen::VectorXd::Zero(Eigen::Index(1) << k);
    // Depth-first over the items: masks[level] holds the records matching the cell prefix so far.
    std::vector<std::vector<std::uint64_t>> masks(k + 1, std::vector<std::uint64_t>(words));
    for (std::size_t w = 0; w < words; ++w)
        masks[0][w] = wordMask(data, w);
    std::vector<Eigen::Index> prefix(k + 1, 0); // cell index prefix per level
    std::vector<int> branch(k + 1, 0);          // 0: absent next, 1: present next, 2: done
    int level = 0;
    if (k == 0) {
        counts[0] = double(data.records);
        return counts;
    }
    while (level >= 0) {
        if (branch[level] == 2) {
            --level;
            continue;
        }
        const int value = branch[level]++;
        const std::vector<std::uint64_t>& item = data.bits[items[level]];
        const std::vector<std::uint64_t>& in = masks[level];
        if (level + 1 == k) { // last item: count both halves at once
            std::size_t present = 0, all = 0;
            for (std::size_t w = 0; w < words; ++w) {
                present += std::popcount(in[w] & item[w]);
                all += std::popcount(in[w]);
            }
            counts[prefix[level] * 2] = double(all - present);
            counts[prefix[level] * 2 + 1] = double(present);
            branch[level] = 2;
            continue;
        }
        std::vector<std::uint64_t>& out = masks[level + 1];
        for (std::size_t w = 0; w < words; ++w)
            out[w] = in[w] & (value ? item[w] : ~item[w]);
        prefix[level + 1] = prefix[level] * 2 + value;
        branch[level + 1] = 0;
        ++level;
    }
    return counts;
}

std::size_t countAllPresent(const BinaryItems& data, const std::vector<int>& items)
{
    checkItems(data, items);
    const std::size_t words = data.bits.empty() ? 0 : data.bits.front().size();
    std::size_t total = 0;
    for (std::size_t w = 0; w < words; ++w) {
        std::uint64_t m = wordMask(data, w);
        for (int i : items)
            m &= data.bits[i][w];
        total += std::popcount(m);
    }
    return items.empty() ? data.records : total;
}

} // namespace rr
