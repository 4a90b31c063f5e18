#include "core/baskets/BinaryColumns.h"

#include "core/data/Errors.h"

namespace rr {

BinaryBaskets basketsFromBinaryColumns(const Table& table, const std::vector<int>& columns)
{
    if (!table.weights.empty())
        throw InputError("baskets need individual records; this table is aggregated (it has a count column)");
    std::vector<int> chosen = columns;
    if (chosen.empty())
        for (int c = 0; c < static_cast<int>(table.attributes.size()); ++c)
            chosen.push_back(c);
    BinaryBaskets out;
    std::vector<int> presentCode;
    for (int c : chosen) {
        if (c < 0 || c >= static_cast<int>(table.attributes.size()))
            throw InputError("column " + std::to_string(c) + " does not exist (the table has " +
                             std::to_string(table.attributes.size()) + " columns)");
        const Attribute& a = table.attributes[static_cast<std::size_t>(c)];
        for (const auto& label : a.categories)
            if (label != "0" && label != "1")
                throw InputError("column " + a.name + " has the value '" + label +
                                 "'; a basket column holds only 0 and 1");
        presentCode.push_back(a.categoryIndex("1"));
        out.itemNames.push_back(a.name);
    }
    out.transactions.itemCount = static_cast<std::uint32_t>(chosen.size());
    std::vector<std::uint32_t> basket;
    for (std::size_t r = 0; r < table.rowCount(); ++r) {
        basket.clear();
        for (std::uint32_t i = 0; i < chosen.size(); ++i) {
            const std::int32_t code = table.attributes[static_cast<std::size_t>(chosen[i])].codes[r];
            if (code == Attribute::kMissing)
                throw InputError("record " + std::to_string(r + 1) + " has no value in column " + out.itemNames[i] +
                                 "; a basket column holds only 0 and 1");
            if (code == presentCode[i])
                basket.push_back(i);
        }
        out.transactions.append(basket);
    }
    return out;
}

} // namespace rr
