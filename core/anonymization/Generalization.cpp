#include "core/anonymization/Generalization.h"

#include "core/data/Errors.h"

namespace rr {

std::size_t qiCellOfRow(const Table& table, const std::vector<int>& qiAttributes, std::size_t row)
{
    std::size_t cell = 0;
    for (int a : qiAttributes) {
        const Attribute& attr = table.attributes[a];
        const int32_t code = attr.codes[row];
        if (code == Attribute::kMissing)
            throw InputError("record " + std::to_string(row + 1) + " has no value for quasi-identifier '" + attr.name +
                             "'; drop incomplete records first");
        cell = cell * static_cast<std::size_t>(attr.domainSize()) + static_cast<std::size_t>(code);
    }
    return cell;
}

GeneralizedRelease generalizeTable(const Table& table, const std::vector<int>& qiAttributes,
                                   const std::vector<AttributeGeneralization>& qi, const Partition& partition,
                                   const NodeAssessment& assessment)
{
    if (qiAttributes.size() != qi.size() || partition.node.size() != qi.size())
        throw InputError("generalization: one hierarchy and one level per quasi-identifier are needed");
    for (std::size_t i = 0; i < qi.size(); ++i)
        if (static_cast<int>(qi[i].codeAt[0].size()) != table.attributes.at(qiAttributes[i]).domainSize())
            throw InputError("the hierarchy of '" + qi[i].attribute + "' does not match the table's categories");

    GeneralizedRelease out;
    std::vector<uint32_t> kept;
    kept.reserve(table.rowCount());
    for (std::size_t r = 0; r < table.rowCount(); ++r) {
        const int c = partition.classOfQiCell.at(qiCellOfRow(table, qiAttributes, r));
        const bool suppressed =
            c < 0 || (static_cast<std::size_t>(c) < assessment.suppressed.size() && assessment.suppressed[c]);
        if (suppressed)
            ++out.suppressedRecords;
        else
            kept.push_back(static_cast<uint32_t>(r));
    }
    for (std::size_t i = 0; i < partition.classes.size(); ++i)
        if (i >= assessment.suppressed.size() || !assessment.suppressed[i])
            ++out.releasedClasses;

    Table& t = out.table;
    t.attributes.resize(table.attributes.size());
    for (std::size_t a = 0; a < table.attributes.size(); ++a) {
        const Attribute& src = table.attributes[a];
        Attribute& dst = t.attributes[a];
        dst.name = src.name;
        const std::vector<int>* map = nullptr;
        dst.categories = src.categories;
        for (std::size_t i = 0; i < qiAttributes.size(); ++i)
            if (qiAttributes[i] == static_cast<int>(a)) {
                const int level = partition.node[i];
                map = &qi[i].codeAt[level];
                dst.categories = qi[i].labels[level];
            }
        dst.codes.reserve(kept.size());
        for (uint32_t r : kept) {
            const int32_t code = src.codes[r];
            dst.codes.push_back(map && code >= 0 ? (*map)[code] : code);
        }
    }
    if (!table.weights.empty())
        for (uint32_t r : kept)
            t.weights.push_back(table.weights[r]);
    return out;
}

} // namespace rr
