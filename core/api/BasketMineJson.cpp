// The one place a `basket mine` result becomes JSON: the CLI prints it (its keys, their order and the notes as
// the command has always written them).
#include "core/api/BasketMine.h"

namespace rr::api {
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

} // namespace

Json basketMineJson(const BasketMineResult& r)
{
    const RecoveryInput& in = r.input;
    const BasketMiningResult& found = r.found;
    const BasketMiningOptions& mining = r.mining;
    Notes notes;
    Json j = releaseJson(in, notes);
    j["baskets"] = in.release.release.baskets.size();
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
    if (r.run) {
        j["original"] = basketFileJson(in.original->file, in.original->baskets, notes);
        j["comparison"] = comparisonJson(r.run->comparison, notes);
    }
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace rr::api
