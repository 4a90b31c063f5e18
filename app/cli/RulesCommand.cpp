// `rules`: frequent itemsets and association rules mined from randomized binary items with estimated supports
// and confidences and their ranges (003 Sec. 3.2, eq. 3.3-3.5, Results 1-3); with the original data, how well
// they match its rules (003 Table 3.3).
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/MeasureJson.h"
#include "app/cli/PresentCategory.h"

#include "core/datasource/CsvSource.h"
#include "core/datasource/ItemScan.h"
#include "core/data/CsvReader.h"
#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "core/rules/Apriori.h"
#include "core/rules/RuleErrorMetrics.h"

#include <algorithm>
#include <map>

namespace rr::cli {
namespace {

// An item's two labels: (absent, present).
struct ItemLabels {
    std::string absent, present;
};

// The labels of one item column, checked: 0/1 unless --positive names the present value.
ItemLabels itemLabels(const AttributeSummary& a, const std::map<std::string, std::string>& positive,
                      const std::string& file)
{
    const auto given = positive.find(a.name);
    if (given == positive.end()) {
        for (const auto& c : a.categories)
            if (c != "0" && c != "1")
                throw InputError(file + ": item column '" + a.name + "' holds the value '" + c +
                                 "'; items are 0/1 columns (for a column with two other values name the present one "
                                 "with --positive " +
                                 a.name + "=VALUE)");
        return {"0", "1"};
    }
    const std::string& present = given->second;
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

// The records complete in the items, as binary items with "present" = the item's present label: one pass for
// the items' categories, one that streams the records into two bits each (never the records).
struct LoadedItems {
    BinaryItems items;
    std::vector<ItemLabels> labels;
    std::size_t rows = 0, dropped = 0;
};

LoadedItems loadItems(const DataSource& source, const std::vector<std::string>& names,
                      const std::map<std::string, std::string>& positive, MissingPolicy policy, const std::string& file)
{
    if (source.isWeighted())
        throw InputError(file + ": rules are mined from one row per record, not aggregated counts (--count-column)");
    LoadedItems out;
    ItemScanRequest request;
    request.policy = policy;
    for (AttributeSummary& a : source.describeAttributes(names)) {
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

RuleDecision decisionFrom(const Options& options)
{
    const std::string d = options.value("decision").value_or("estimate");
    if (d == "estimate")
        return RuleDecision::Estimate;
    if (d == "lower")
        return RuleDecision::LowerBound;
    if (d == "upper")
        return RuleDecision::UpperBound;
    throw InputError("--decision must be estimate, lower or upper, got '" + d + "'");
}

Json itemNames(const BinaryItems& items, const std::vector<int>& indices)
{
    Json out = Json::array();
    for (int i : indices)
        out.push_back(items.names[static_cast<std::size_t>(i)]);
    return out;
}

Json supportJson(const SupportEstimate& s)
{
    Reasons reasons;
    Json j;
    j["estimate"] = reasons.value(s.estimate, "estimate");
    j["variance"] = reasons.value(s.variance, "variance");
    j["normal"] = clippedRange(s.normal);
    j["chebyshev"] = clippedRange(s.chebyshev);
    j["raw_normal"] = rawRange(s.normal);
    j["raw_chebyshev"] = rawRange(s.chebyshev);
    j["randomized"] = reasons.value(s.randomized, "randomized");
    reasons.writeTo(j);
    return j;
}

Json confidenceJson(const ConfidenceEstimate& c)
{
    Reasons reasons;
    Json j;
    j["estimate"] = reasons.value(c.estimate, "estimate");
    j["expectation"] = reasons.value(c.expectation, "expectation");
    j["variance"] = reasons.value(c.variance, "variance");
    j["normal"] = c.normal ? clippedRange(*c.normal) : Json(nullptr);
    j["chebyshev"] = c.chebyshev ? clippedRange(*c.chebyshev) : Json(nullptr);
    j["raw_normal"] = c.normal ? rawRange(*c.normal) : Json(nullptr);
    j["raw_chebyshev"] = c.chebyshev ? rawRange(*c.chebyshev) : Json(nullptr);
    j["randomized"] = reasons.value(c.randomized, "randomized");
    reasons.writeTo(j);
    return j;
}

const char* certaintyName(RuleCertainty c)
{
    switch (c) {
    case RuleCertainty::Sure: return "sure";
    case RuleCertainty::Uncertain: return "uncertain";
    case RuleCertainty::Excluded: return "excluded";
    }
    return "uncertain";
}

Json ruleJson(const BinaryItems& items, const RuleEstimate& r, const RuleMiningOptions& o)
{
    Json j;
    j["antecedent"] = itemNames(items, r.antecedent);
    j["consequent"] = itemNames(items, r.consequent);
    j["support"] = supportJson(r.support);
    j["confidence"] = confidenceJson(r.confidence);
    j["certainty"] = certaintyName(certaintyOf(r, o.minSupport, o.minConfidence));
    return j;
}

Json comparisonJson(const BinaryItems& items, const RuleComparison& c)
{
    const RuleErrors& e = c.errors;
    Reasons reasons;
    Json j;
    j["actual"] = e.actual;
    j["reconstructed"] = e.reconstructed;
    j["common"] = e.common;
    j["rho"] = reasons.value(e.rho, "rho");
    j["gamma"] = reasons.value(e.gamma, "gamma");
    j["sigma_plus"] = reasons.value(e.sigmaPlus, "sigma_plus");
    j["sigma_minus"] = reasons.value(e.sigmaMinus, "sigma_minus");
    j["sigma_plus_lower"] = reasons.value(e.sigmaPlusLower, "sigma_plus_lower");
    j["sigma_minus_lower"] = reasons.value(e.sigmaMinusLower, "sigma_minus_lower");
    j["sigma_plus_upper"] = reasons.value(e.sigmaPlusUpper, "sigma_plus_upper");
    j["sigma_minus_upper"] = reasons.value(e.sigmaMinusUpper, "sigma_minus_upper");
    j["support_conflicts"] = e.supportConflicts;
    j["confidence_conflicts"] = e.confidenceConflicts;
    reasons.writeTo(j);
    Json rules = Json::array();
    for (const RuleStatus& s : c.rules) {
        Reasons why;
        Json r;
        r["antecedent"] = itemNames(items, s.estimate.antecedent);
        r["consequent"] = itemNames(items, s.estimate.consequent);
        r["original_support"] = s.originalSupport;
        r["original_confidence"] = s.originalConfidence;
        r["support"] = why.value(s.estimate.support.estimate, "support");
        r["confidence"] = why.value(s.estimate.confidence.estimate, "confidence");
        r["in_actual"] = s.inActual;
        r["in_reconstructed"] = s.inReconstructed;
        r["in_lower"] = s.inLower;
        r["in_upper"] = s.inUpper;
        r["certainty"] = certaintyName(s.certainty);
        why.writeTo(r);
        rules.push_back(r);
    }
    j["rules"] = rules;
    return j;
}

// The frequent itemsets with their supports and the rules with their estimates.
void addMined(Json& j, const LoadedItems& data, const RuleMiningResult& mined, const RuleMiningOptions& mining)
{
    Json itemsets = Json::array();
    for (const EstimatedItemset& f : mined.itemsets)
        itemsets.push_back({{"items", itemNames(data.items, f.items)}, {"support", supportJson(f.support)}});
    j["itemsets"] = itemsets;
    Json rules = Json::array();
    for (const RuleEstimate& r : mined.rules)
        rules.push_back(ruleJson(data.items, r, mining));
    j["rules"] = rules;
}

// --original: the same records before randomization (as many, the same present values), and the rules mined
// from them against those from the randomized items (003 Table 3.3).
Json originalComparison(const Options& options, const std::string& file, const std::vector<std::string>& names,
                        const std::map<std::string, std::string>& positive, MissingPolicy policy,
                        const LoadedItems& data, const RandomizedItems& randomized, const RuleMiningOptions& mining)
{
    checkInputFile(file, "--original"); // a FIFO or a device is refused by name before it is opened
    const LoadedItems original =
        loadItems(*CsvSource::deferred({file}, csvOptions(options)), names, positive, policy, "--original");
    if (original.rows != data.rows)
        throw InputError("--original holds " + std::to_string(original.rows) +
                         " records complete in the items "
                         "but --data holds " +
                         std::to_string(data.rows) +
                         "; the original must be the same records before randomization");
    for (std::size_t k = 0; k < names.size(); ++k)
        if (original.labels[k].present != data.labels[k].present)
            throw InputError("item '" + names[k] + "' counts '" + original.labels[k].present +
                             "' as present in --original but '" + data.labels[k].present + "' in --data");
    return comparisonJson(data.items, compareRules(original.items, randomized, mining));
}

Json runRules(const Options& options)
{
    const std::vector<std::string> names = splitList(options.required("items"), "items");
    RuleMiningOptions mining;
    mining.minSupport = parseNumber(options.required("min-support"), "--min-support");
    mining.minConfidence = parseNumber(options.required("min-confidence"), "--min-confidence");
    mining.decision = decisionFrom(options);
    mining.alpha = alphaFrom(options);
    const std::map<std::string, std::string> positive = positiveValues(options, names);
    const MissingPolicy policy = missingPolicy(options);

    const LoadedItems data = loadItems(*openSource(options), names, positive, policy, "--data");
    std::vector<std::vector<std::string>> categories;
    for (const ItemLabels& l : data.labels)
        categories.push_back({l.absent, l.present});
    const Distortions distortions = distortionsFrom(options, names, categories);
    const RandomizedItems randomized{data.items, distortions.matrices};
    const RuleMiningResult mined = mineRules(randomized, mining);

    Notes notes;
    Json j;
    j["items"] = names;
    j["rows"] = data.rows;
    j["dropped_rows"] = data.dropped;
    Json present = Json::object();
    for (std::size_t k = 0; k < names.size(); ++k)
        present[names[k]] = data.labels[k].present;
    j["positive"] = present;
    j["p"] = retentionJson(distortions, notes);
    if (distortions.anyMatrixFile())
        j["distortion"] = distortionJson(distortions, notes);
    j["min_support"] = mining.minSupport;
    j["min_confidence"] = mining.minConfidence;
    j["decision"] = options.value("decision").value_or("estimate");
    j["alpha"] = mining.alpha;
    j["candidates_counted"] = mined.candidatesCounted;
    addMined(j, data, mined, mining);

    if (auto file = options.value("original"))
        j["comparison"] = originalComparison(options, *file, names, positive, policy, data, randomized, mining);
    if (std::any_of(mined.itemsets.begin(), mined.itemsets.end(),
                    [](const EstimatedItemset& f) { return f.support.estimate < 0 || f.support.estimate > 1; }))
        notes.add("some support estimates lie outside [0, 1]: the unbiased estimate is not a projection (003 Sec. "
                  "3.2.2); the ranges are clipped to [0, 1], raw_* keep the unclipped bounds");
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace

Command rulesCommand()
{
    Command c;
    c.name = "rules";
    c.summary = "frequent itemsets and association rules from randomized 0/1 items, with ranges";
    c.description =
        "The data holds randomized binary items (0/1 columns, or two-valued columns with --positive). Mines the "
        "frequent itemsets and the rules X => Y level-wise (Apriori, 003 Sec. 3.2.4) on estimated supports: "
        "s-hat = the all-present cell of (P_1^-1 x ... x P_k^-1) lambda-hat (003 eq. 3.3) with its variance (003 "
        "Result 1, eq. 5.16) and normal and Chebyshev ranges; confidences c-hat with E(c-hat) and variance (003 eq. "
        "3.4, 3.5) and ranges around E(c-hat) (Result 3). --decision says what is compared with the thresholds: "
        "the estimate, the lower bounds (fewer false positives) or the upper bounds (fewer false negatives) of the "
        "support's normal and the confidence's Chebyshev range. Supports and confidences are shares. With "
        "--original (the same records before randomization), the Table 3.3 metrics of 003 in percent: rho, gamma "
        "(support and confidence errors), sigma+ / sigma- (false positives / negatives, also with lower and upper "
        "bounds), and the conflicting pairs s-p, c-p.";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    c.options.push_back({"items", "A,B,...", "the item columns (0/1)"});
    c.options.push_back(retentionOption());
    c.options.push_back(matrixOption());
    c.options.back().help = "a 2 x 2 column-stochastic matrix for an item instead of its --p: a CSV file, row u = "
                            "randomized value, entry P(u | v); without a header rows and columns are (absent, "
                            "present), i.e. 0 then 1";
    c.options.push_back({"min-support", "S", "minimum support, a share in (0, 1]"});
    c.options.push_back({"min-confidence", "C", "minimum confidence, a share in [0, 1]"});
    c.options.push_back({"decision", "estimate|lower|upper", "what must reach the thresholds (default estimate)"});
    c.options.push_back(positiveOption("the value counted as present for a two-valued item column that is not 0/1"));
    c.options.push_back({"original", "FILE", "the same records before randomization: add the Table 3.3 metrics"});
    c.options.push_back(alphaOption());
    c.run = runRules;
    return c;
}

} // namespace rr::cli
