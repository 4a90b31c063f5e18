#include "core/analysis/RulesFrame.h"

#include "core/data/Binning.h"
#include "core/data/Errors.h"
#include "core/measures/BinaryPooling.h"
#include "core/datasource/ItemScan.h"

#include <algorithm>
#include <map>

namespace rr {
namespace {

const AttributeSummary& attributeOf(const SourceSummary& summary, const std::string& name)
{
    for (const AttributeSummary& a : summary.attributes)
        if (a.name == name)
            return a;
    throw InputError("rules: no attribute '" + name + "' in the table");
}

int categoryIndex(const AttributeSummary& a, const std::string& value)
{
    const auto it = std::find(a.categories.begin(), a.categories.end(), value);
    if (it == a.categories.end())
        throw InputError("rules: '" + a.name + "' has no category '" + value + "'");
    return static_cast<int>(it - a.categories.begin());
}

// The categories an item holds, one flag per category of its attribute.
std::vector<char> presentSet(const AttributeSummary& a, const RuleItem& item)
{
    std::vector<char> set(a.categories.size(), 0);
    if (!item.atLeast) {
        set[static_cast<std::size_t>(categoryIndex(a, item.present))] = 1;
        return set;
    }
    std::size_t inside = 0;
    for (std::size_t c = 0; c < a.categories.size(); ++c) {
        const std::optional<double> x = numericValue(a.categories[c]);
        if (!x)
            throw InputError("rules: '" + a.name + "' has the category '" + a.categories[c] +
                             "', not a number; only numeric attributes can be binarized by a threshold");
        set[c] = *x >= *item.atLeast ? 1 : 0;
        inside += set[c];
    }
    if (inside == 0 || inside == set.size())
        throw InputError("rules: '" + a.name + " >= " + formatCut(*item.atLeast) + "' holds for " +
                         (inside == 0 ? "none" : "all") + " of its categories; choose a threshold inside its range");
    return set;
}

bool found(const RuleStatus& s, RuleDecision d)
{
    switch (d) {
    case RuleDecision::LowerBound: return s.inLower;
    case RuleDecision::UpperBound: return s.inUpper;
    case RuleDecision::Estimate: break;
    }
    return s.inReconstructed;
}

} // namespace

std::string ruleItemKey(const RuleItem& item)
{
    return item.atLeast ? item.attribute + ">=" + formatCut(*item.atLeast) : item.attribute + "=" + item.present;
}

RuleItem ruleItemFromKey(const std::string& key)
{
    const std::size_t eq = key.find('=');
    if (eq == std::string::npos || eq == 0)
        throw InputError("rules: the item '" + key + "' is neither 'attribute=category' nor 'attribute>=number'");
    if (key[eq - 1] != '>')
        return {key.substr(0, eq), key.substr(eq + 1), std::nullopt};
    const std::optional<double> t = numericValue(key.substr(eq + 1));
    if (!t || eq < 2)
        throw InputError("rules: the item '" + key + "' needs an attribute and a number around '>='");
    return {key.substr(0, eq - 1), {}, t};
}

const char* verdictName(RuleVerdict v)
{
    switch (v) {
    case RuleVerdict::Sure: return "sure";
    case RuleVerdict::Uncertain: return "uncertain";
    case RuleVerdict::FalsePositive: return "false positive";
    case RuleVerdict::Missed: break;
    }
    return "missed";
}

RulesItems readRulesItems(const DataSource& source, const RulesSimulationRequest& request, const ProgressFunction& progress)
{
    if (request.items.size() < 2)
        throw InputError("rules: choose at least two items, not " + std::to_string(request.items.size()));
    const SourceSummary& summary = source.summary();
    ItemScanRequest scan;
    scan.policy = request.policy;
    scan.seed = request.seed;
    RulesItems out;
    std::vector<DistortionMatrix> itemMatrices;
    for (const RuleItem& item : request.items) {
        const AttributeSummary& attr = attributeOf(summary, item.attribute);
        const int d = static_cast<int>(attr.categories.size());
        if (d < 2)
            throw InputError("rules: '" + attr.name + "' has a single category");
        if (!(request.p > 1.0 / d && request.p <= 1.0))
            throw InputError("rules: p = " + std::to_string(request.p) + " of '" + attr.name + "' must lie in (1/" +
                             std::to_string(d) + ", 1]");
        std::vector<char> set = presentSet(attr, item);
        const bool binary = !item.atLeast && d == 2 && set[1] && attr.categories[0] == "0" && attr.categories[1] == "1";
        out.itemNames.push_back(binary ? attr.name : ruleItemKey(item));
        const DistortionMatrix m = DistortionMatrix::warner(d, request.p);
        scan.randomize.emplace(attr.name, m); // one attribute may give several items: randomized once
        itemMatrices.push_back(pooledChannel(m, set, attr.name));
        scan.items.push_back({attr.name, attr.categories, std::move(set)});
    }
    out.p = request.p;
    out.seed = request.seed;
    ItemScan items = scanItems(source, scan, progress);
    out.dropped = items.dropped;
    if (items.original.records == 0)
        throw InputError("rules: no record is complete in the items (" + std::to_string(out.dropped) + " dropped)");
    items.original.names = out.itemNames;
    items.randomized.names = out.itemNames;
    out.original = std::move(items.original);
    out.randomized = RandomizedItems{std::move(items.randomized), std::move(itemMatrices)};
    return out;
}

RulesFrame mineRulesFrame(const RulesItems& items, const RuleMiningOptions& options)
{
    RulesFrame f;
    f.itemNames = items.itemNames;
    f.p = items.p;
    f.seed = items.seed;
    f.records = items.original.records;
    f.dropped = items.dropped;
    f.options = options;
    f.comparison = compareRules(items.original, items.randomized, options);

    for (const RuleStatus& s : f.comparison.rules) {
        RuleRow row{s, RuleVerdict::Missed};
        if (found(s, options.decision))
            row.verdict = !s.inActual                          ? RuleVerdict::FalsePositive
                          : s.certainty == RuleCertainty::Sure ? RuleVerdict::Sure
                                                               : RuleVerdict::Uncertain;
        else if (!s.inActual)
            continue; // found only under another decision rule
        f.rows.push_back(std::move(row));
    }
    std::stable_sort(f.rows.begin(), f.rows.end(),
                     [](const RuleRow& x, const RuleRow& y) { return x.verdict < y.verdict; });
    return f;
}

RulesFrame computeRulesFrame(const DataSource& source, const RulesSimulationRequest& request, const ProgressFunction& progress)
{
    return mineRulesFrame(readRulesItems(source, request, progress), request.options);
}

RulesFrame computeRulesFrame(const Table& records, const RulesSimulationRequest& request)
{
    return computeRulesFrame(TableSource(records), request);
}

} // namespace rr
