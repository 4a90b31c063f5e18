// `basket mine`: frequent itemsets of a release by 004's modified Apriori (Sec. 4.5), and with the original
// the comparison of 004 Tables 1-3 and 002's accuracy.
#include "app/cli/BasketCommands.h"
#include "app/cli/BasketFiles.h"
#include "app/cli/BasketOperatorOptions.h"

#include "core/data/Errors.h"

#include <optional>

namespace rr::cli {
namespace {

Json ratioJson(const MiningRatio& r)
{
    return r.defined ? Json(r.value) : Json(nullptr);
}

// "< 0.25%", "0.25% - 0.375%", ..., ">= 0.5%": the support bins of 004 Tables 2-3.
std::vector<std::string> binLabels(const std::vector<double>& edges)
{
    std::vector<std::string> labels;
    for (std::size_t b = 0; b <= edges.size(); ++b) {
        if (b == 0)
            labels.push_back("< " + percent(edges.front()));
        else if (b == edges.size())
            labels.push_back(">= " + percent(edges.back()));
        else
            labels.push_back(percent(edges[b - 1]) + " - " + percent(edges[b]));
    }
    return labels;
}

Json comparisonJson(const MiningComparison& c, Notes& notes)
{
    Json j;
    j["true_itemsets"] = c.trueItemsets;
    j["found"] = c.found;
    j["true_positives"] = c.truePositives;
    j["false_positives"] = c.falsePositives;
    j["false_drops"] = c.falseDrops;
    j["precision"] = ratioJson(c.precision);
    j["recall"] = ratioJson(c.recall);
    j["accuracy"] = ratioJson(c.accuracy);
    for (const MiningRatio* r : {&c.precision, &c.recall})
        if (!r->defined)
            notes.add("a ratio is null: " + r->reason);
    j["bin_edges"] = c.binEdges;
    j["bins"] = binLabels(c.binEdges);
    Json rows = Json::array();
    for (const SizeComparison& s : c.bySize) {
        Json r;
        r["k"] = s.k;
        r["true_itemsets"] = s.trueItemsets;
        r["true_positives"] = s.truePositives;
        r["false_drops"] = s.falseDrops;
        r["false_positives"] = s.falsePositives;
        r["true_by_predicted"] = s.trueByPredicted;
        r["true_unpredictable"] = s.trueUnpredictable;
        r["found_by_true"] = s.foundByTrue;
        rows.push_back(r);
    }
    j["by_size"] = rows;
    notes.add("by_size follows 004 Tables 2-3: true_by_predicted counts the original's frequent itemsets by their "
              "support predicted from the release, found_by_true the output itemsets by their true support, both "
              "in the bins; accuracy is 002's 100 |F n F'| / |F| (recall in percent)");
    return j;
}

// --min-support (a fraction of the baskets), --max-itemset-size and --candidate-sigmas.
BasketMiningOptions miningOptions(const Options& options)
{
    BasketMiningOptions mining;
    const auto minSupport = parseNumber(options.required("min-support"), "--min-support");
    if (!(minSupport > 0.0 && minSupport <= 1.0))
        throw InputError("--min-support must lie in (0, 1] (a fraction of the baskets), got " +
                         options.required("min-support"));
    mining.minSupport = minSupport;
    mining.maxItemsetSize = intOption(options, "max-itemset-size", 1, 16, 6);
    if (auto c = options.value("candidate-sigmas")) {
        mining.candidateSigmas = parseNumber(*c, "--candidate-sigmas");
        if (!(mining.candidateSigmas >= 0.0 && mining.candidateSigmas <= 10.0))
            throw InputError("--candidate-sigmas must lie in [0, 10], got " + *c);
    }
    return mining;
}

// The frequent itemsets found, with their supports and sigmas; `undefinedSigmas` counts the null ones.
Json itemsetsJson(const RecoveryInput& in, const BasketMiningResult& found, std::size_t& undefinedSigmas)
{
    Json itemsets = Json::array();
    for (const BasketItemset& s : found.frequent) {
        Json i;
        i["items"] = itemsJson(in.release.file, in.release.release.baskets, s.items);
        i["support"] = s.support;
        i["sigma"] = s.sigmaDefined ? Json(s.sigma) : Json(nullptr);
        undefinedSigmas += !s.sigmaDefined;
        itemsets.push_back(i);
    }
    return itemsets;
}

// Each level of the search: its candidates, those kept and found frequent.
Json levelsJson(const BasketMiningResult& found)
{
    Json levels = Json::array();
    for (const MiningLevel& l : found.levels)
        levels.push_back({{"k", l.k},
                          {"candidates", l.candidates},
                          {"kept", l.kept},
                          {"frequent", l.frequent},
                          {"undefined_sigma", l.undefinedSigma},
                          {"undefined_estimate", l.undefinedEstimate}});
    return levels;
}

Json runMine(const Options& options)
{
    const RecoveryInput in = recoveryInput(options);
    const BasketMiningOptions mining = miningOptions(options);
    const BasketRelease& release = in.release.release;
    std::optional<MiningRun> run; // with the original: both mined and compared
    if (in.original) {
        SupportEstimator estimator(release, in.op, mining.maxIndexBytes);
        run = mineAgainstOriginal(in.original->baskets, release, in.op, estimator, mining);
    }
    const BasketMiningResult found = run ? run->found : mineRelease(release, in.op, mining); // 004 Sec. 4.5

    Notes notes;
    Json j = releaseJson(in, notes);
    j["baskets"] = release.baskets.size();
    j["min_support"] = mining.minSupport;
    j["max_itemset_size"] = mining.maxItemsetSize;
    j["candidate_sigmas"] = mining.candidateSigmas;
    std::size_t undefinedSigmas = 0;
    j["found"] = found.frequent.size();
    j["itemsets"] = itemsetsJson(in, found, undefinedSigmas);
    j["levels"] = levelsJson(found);
    j["stop_reason"] = found.stopReason;
    if (undefinedSigmas > 0)
        notes.add(std::to_string(undefinedSigmas) +
                  " sigma(s) are null: the variance estimate came out negative (004 Statement 3 is unbiased, not "
                  "always positive); those candidates were judged at s_min");
    if (run) {
        j["original"] = basketFileJson(in.original->file, in.original->baskets, notes);
        j["comparison"] = comparisonJson(run->comparison, notes);
    }
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace

Command basketMineCommand()
{
    Command c;
    c.name = "mine";
    c.summary = "frequent itemsets of a release (004's modified Apriori), compared with the original";
    c.description =
        "Mines the itemsets whose recovered support is at least --min-support from a release by 004's modified "
        "Apriori (Sec. 4.5): supports and sigmas recovered per original basket size (Statement 3), candidates "
        "kept down to s_min - c sigma (--candidate-sigmas, 004 found c = 1 better than 2), up to "
        "--max-itemset-size. With --original (the data the release came from), also mines the original exactly "
        "and prints precision, recall, 002's accuracy and per itemset size the false positives and drops with the "
        "support bins of 004 Tables 2-3 (0.5, 0.75 and 1 x s_min).";
    c.options = basketDataOptions("the release (FIMI, or 0/1 columns if the name ends in .csv), with FILE.sizes / "
                                  "FILE.frequent beside it as its operator needs");
    for (auto& o : operatorOptions())
        c.options.push_back(o);
    c.options.push_back({"min-support", "S", "the minimum support s_min in (0, 1], a fraction of the baskets"});
    c.options.push_back({"max-itemset-size", "K", "the largest itemset size mined, 1..16 (default 6)"});
    c.options.push_back({"candidate-sigmas", "C",
                         "candidates are kept down to s_min - C sigma, C in [0, 10] (default 1, 004 Sec. 4.5)"});
    c.options.push_back({"original", "FILE", "the original baskets: adds the comparison with their exact mining"});
    c.run = runMine;
    return c;
}

} // namespace rr::cli
