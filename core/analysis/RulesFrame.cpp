#include "core/analysis/RulesFrame.h"

#include "core/data/Errors.h"
#include "core/measures/BinaryPooling.h"
#include "core/randomization/Randomize.h"

#include <algorithm>
#include <map>

namespace rr {
namespace {

int attributeIndex(const Table& t, const std::string& name)
{
    for (std::size_t i = 0; i < t.attributes.size(); ++i)
        if (t.attributes[i].name == name)
            return static_cast<int>(i);
    throw InputError("rules: no attribute '" + name + "' in the table");
}

int categoryIndex(const Attribute& a, const std::string& value)
{
    const auto it = std::find(a.categories.begin(), a.categories.end(), value);
    if (it == a.categories.end())
        throw InputError("rules: '" + a.name + "' has no category '" + value + "'");
    return static_cast<int>(it - a.categories.begin());
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

RulesFrame computeRulesFrame(const Table& records, const RulesRequest& request)
{
    if (request.items.size() < 2)
        throw InputError("rules: choose at least two items, not " + std::to_string(request.items.size()));
    std::vector<int> attributes, present;
    RulesFrame f;
    std::map<int, DistortionMatrix> matrices;
    std::vector<DistortionMatrix> itemMatrices;
    for (const RuleItem& item : request.items) {
        const int a = attributeIndex(records, item.attribute);
        const Attribute& attr = records.attributes[static_cast<std::size_t>(a)];
        const int v = categoryIndex(attr, item.present);
        const int d = static_cast<int>(attr.categories.size());
        if (d < 2)
            throw InputError("rules: '" + attr.name + "' has a single category");
        if (!(request.p > 1.0 / d && request.p <= 1.0))
            throw InputError("rules: p = " + std::to_string(request.p) + " of '" + attr.name + "' must lie in (1/" +
                             std::to_string(d) + ", 1]");
        attributes.push_back(a);
        present.push_back(v);
        const bool binary = d == 2 && v == 1 && attr.categories[0] == "0" && attr.categories[1] == "1";
        f.itemNames.push_back(binary ? attr.name : attr.name + "=" + item.present);
        const DistortionMatrix m = DistortionMatrix::warner(d, request.p);
        matrices.emplace(a, m); // one attribute may give several items: randomized once
        itemMatrices.push_back(pooledChannel(m, v, attr.name));
    }
    f.p = request.p;
    f.seed = request.seed;
    f.options = request.options;

    BinaryItems original = binaryItems(records, attributes, present);
    f.records = original.records;
    RandomSource rng = RandomSource::seeded(request.seed);
    RandomizedItems randomized{binaryItems(randomizeTable(records, matrices, rng), attributes, present), itemMatrices};
    original.names = f.itemNames;
    randomized.data.names = f.itemNames;
    f.comparison = compareRules(original, randomized, request.options);

    for (const RuleStatus& s : f.comparison.rules) {
        RuleRow row{s, RuleVerdict::Missed};
        if (found(s, request.options.decision))
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

} // namespace rr
