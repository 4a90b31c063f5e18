#include "core/api/Describe.h"

#include "core/datasource/BinnedSource.h"
#include "core/data/Errors.h"

#include <set>
#include <string_view>
#include <unordered_map>

namespace rr::api {
namespace {

void checkNames(const std::vector<std::string>& names)
{
    std::set<std::string> seen;
    for (const auto& n : names)
        if (!seen.insert(n).second)
            throw InputError("attribute '" + n + "' is listed twice");
}

// A binned attribute's values are bins, not the file's labelled codes.
const AttributeDetails* detailsOf(const DataSource& source, const std::string& name)
{
    const auto* binned = dynamic_cast<const BinnedSource*>(&source);
    if (binned && binned->binningOf(name))
        return nullptr;
    const auto* file = dynamic_cast<const StatFileSource*>(&unbinned(source));
    return file ? file->attributeDetails(name) : nullptr;
}

AttributeDescription described(const DataSource& source, const AttributeSummary& a, bool withMissing)
{
    AttributeDescription out{a.name, a.categories, a.counts};
    if (withMissing)
        out.missing = a.missing;
    const auto* binned = dynamic_cast<const BinnedSource*>(&source);
    if (const BinnedAttribute* b = binned ? binned->binningOf(a.name) : nullptr) {
        out.numeric = numericProfile(binned->inner().summary().attributes[b->column]);
        out.numeric.needsBinning = false; // it has its bins
        out.binning = BinningDescription{b->spec, b->bins, b->notNumeric, b->outside};
    } else {
        out.numeric = numericProfile(a);
    }
    if (const AttributeDetails* d = detailsOf(source, a.name)) {
        out.details = *d;
        out.label = d->label;
    } else {
        out.label = source.attributeLabel(a.name); // a CSV column's description from a data dictionary
    }
    return out;
}

// Every record; missing values counted per attribute. By name through a hash index: a linear search per name
// was quadratic in the columns.
DescribeResult allRecords(const DataSource& source, const std::vector<std::string>& names,
                          const ProgressFunction& progress)
{
    const SourceSummary& all = source.countSummary(progress);
    DescribeResult out;
    if (names.empty()) {
        for (const auto& a : all.attributes)
            out.attributes.push_back(described(source, a, true));
    } else {
        std::unordered_map<std::string_view, const AttributeSummary*> byName;
        byName.reserve(all.attributes.size());
        for (const auto& a : all.attributes)
            byName.emplace(a.name, &a);
        for (const auto& n : names) {
            const auto it = byName.find(n);
            out.attributes.push_back(described(source, it != byName.end() ? *it->second : all.attribute(n), true));
        }
    }
    out.rows = all.rows;
    if (all.weighted)
        out.records = all.totalWeight;
    return out;
}

} // namespace

DescribeResult describeOf(const DescribeRequest& request, const ProgressFunction& progress)
{
    const auto source = openData(request.data);
    checkNames(request.attributes);
    if (!request.dropIncomplete)
        return allRecords(*source, request.attributes, progress);
    // the records complete in every column, one streaming pass
    const KeptSummary kept = source->summarize(request.attributes, MissingPolicy::DropIncomplete, progress);
    DescribeResult out;
    out.dropIncomplete = true;
    for (const auto& a : kept.attributes)
        out.attributes.push_back(described(*source, a, false));
    out.rows = kept.rows;
    out.droppedRows = kept.droppedRows;
    if (source->summary().weighted)
        out.records = kept.records;
    return out;
}

} // namespace rr::api
