#include "core/api/Rules.h"

#include "core/api/Names.h"
#include "core/api/PresentCategory.h"
#include "core/api/Reconstruct.h"
#include "core/api/RequestSupport.h"
#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "core/datasource/CsvSource.h"
#include "core/datasource/ItemScan.h"

#include <algorithm>

namespace rr::api {
namespace {

// A column with two values other than 0/1: `present` and the other.
ItemLabels namedLabels(const AttributeSummary& a, const std::string& present, const std::string& file)
{
    if (std::find(a.categories.begin(), a.categories.end(), present) == a.categories.end())
        throw InputError(file + ": --positive " + a.name + "=" + present + ": column '" + a.name + "' never holds '" +
                         present + "' (values: " + joinNames(a.categories) + ")");
    if (a.categories.size() > 2) {
        std::string other;
        for (const auto& c : a.categories)
            if (c != present && other.empty())
                other = c;
        throw InputError(file + ": item column '" + a.name + "' holds " + std::to_string(a.categories.size()) +
                         " values (" + joinNames(a.categories) + "); an item has two, '" + present +
                         "' and one other ('" + other + "', ...)");
    }
    for (const auto& c : a.categories)
        if (c != present)
            return {c, present};
    return {"not " + present, present};
}

// The labels of one item column, checked: 0/1 unless `positive` names the present value.
ItemLabels itemLabels(const AttributeSummary& a, const std::map<std::string, std::string>& positive,
                      const std::string& file)
{
    const auto given = positive.find(a.name);
    if (given != positive.end())
        return namedLabels(a, given->second, file);
    for (const auto& c : a.categories)
        if (c != "0" && c != "1")
            throw InputError(file + ": item column '" + a.name + "' holds the value '" + c +
                             "'; items are 0/1 columns (for a column with two other values name the present one "
                             "with --positive " +
                             a.name + "=VALUE)");
    return {"0", "1"};
}

// One pass for the items' categories, one that streams the records into two bits each.
LoadedItems loadItems(const DataSource& source, const std::vector<std::string>& names,
                      const std::map<std::string, std::string>& positive, MissingPolicy policy,
                      const std::string& file, const ProgressFunction& progress)
{
    if (source.isWeighted())
        throw InputError(file + ": rules are mined from one row per record, not aggregated counts (--count-column)");
    LoadedItems out;
    ItemScanRequest request;
    request.policy = policy;
    for (AttributeSummary& a : source.describeAttributes(names, progress)) {
        out.labels.push_back(itemLabels(a, positive, file));
        std::vector<char> present(a.categories.size(), 0);
        for (std::size_t c = 0; c < a.categories.size(); ++c)
            present[c] = a.categories[c] == out.labels.back().present ? 1 : 0;
        request.items.push_back({a.name, std::move(a.categories), std::move(present)});
    }
    ItemScan scan = scanItems(source, request);
    out.items = std::move(scan.original);
    out.rows = out.items.records;
    out.dropped = scan.dropped;
    if (out.rows == 0)
        throw InputError(file + ": no record is complete in the items " + joinNames(names));
    return out;
}

// The same records before randomization (as many, the same present values), and the rules mined from them
// against those from the randomized items (003 Table 3.3).
RuleComparison originalComparison(const RulesRequest& request, const LoadedItems& data,
                                  const RandomizedItems& randomized, const ProgressFunction& progress)
{
    const OriginalItems& o = *request.original;
    checkInputFile(o.file, "--original"); // a FIFO or a device is refused by name before it is opened
    const LoadedItems original = loadItems(*CsvSource::deferred({o.file}, o.csv), request.items, request.positive,
                                           missingPolicyOf(request.dropIncomplete), "--original", progress);
    if (original.rows != data.rows)
        throw InputError("--original holds " + std::to_string(original.rows) +
                         " records complete in the items "
                         "but --data holds " +
                         std::to_string(data.rows) + "; give the same records before randomization");
    for (std::size_t k = 0; k < request.items.size(); ++k)
        if (original.labels[k].present != data.labels[k].present)
            throw InputError("item '" + request.items[k] + "' counts '" + original.labels[k].present +
                             "' as present in --original but '" + data.labels[k].present + "' in --data");
    return compareRules(original.items, randomized, request.mining);
}

} // namespace

RuleDecision ruleDecisionOf(const std::string& text)
{
    if (text == "estimate")
        return RuleDecision::Estimate;
    if (text == "lower")
        return RuleDecision::LowerBound;
    if (text == "upper")
        return RuleDecision::UpperBound;
    throw InputError("--decision must be estimate, lower or upper, got '" + text + "'");
}

const char* ruleDecisionName(RuleDecision decision)
{
    switch (decision) {
    case RuleDecision::Estimate: return "estimate";
    case RuleDecision::LowerBound: return "lower";
    case RuleDecision::UpperBound: return "upper";
    }
    return "estimate";
}

RulesResult rulesOf(const RulesRequest& request, const ProgressFunction& progress)
{
    checkAlpha(request.mining.alpha);
    checkPositiveNames(request.positive, request.items);
    RulesResult out;
    out.items = request.items;
    out.mining = request.mining;
    out.data = loadItems(*openData(request.data), request.items, request.positive,
                         missingPolicyOf(request.dropIncomplete), "--data", progress);
    std::vector<std::vector<std::string>> categories;
    for (const ItemLabels& l : out.data.labels)
        categories.push_back({l.absent, l.present});
    out.distortions = distortionsOf(request.distortions, request.items, categories);
    const RandomizedItems randomized{out.data.items, out.distortions.matrices};
    out.mined = mineRules(randomized, request.mining); // 003 eq. 3.3-3.5, Sec. 3.2.4
    if (request.original)
        out.comparison = originalComparison(request, out.data, randomized, progress);
    return out;
}

} // namespace rr::api
