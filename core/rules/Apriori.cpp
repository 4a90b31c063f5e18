#include "core/rules/Apriori.h"

#include "core/data/Errors.h"
#include "core/rules/AprioriCandidates.h"

#include <algorithm>
#include <string>

namespace rr {

namespace {

void checkOptions(const MiningOptions& o)
{
    if (!(o.minSupport > 0.0 && o.minSupport <= 1.0))
        throw InputError("the minimum support is " + std::to_string(o.minSupport) + "; it must lie in (0, 1]");
    if (!(o.minConfidence >= 0.0 && o.minConfidence <= 1.0))
        throw InputError("the minimum confidence is " + std::to_string(o.minConfidence) + "; it must lie in [0, 1]");
}

} // namespace

double decisionValue(const SupportEstimate& s, RuleDecision d)
{
    switch (d) {
    case RuleDecision::LowerBound: return s.normal.lo;
    case RuleDecision::UpperBound: return s.normal.hi;
    case RuleDecision::Estimate: break;
    }
    return s.estimate;
}

bool passesConfidence(const ConfidenceEstimate& c, double minConfidence, RuleDecision d)
{
    if (!c.estimate.defined || !c.chebyshev)
        return false;
    switch (d) {
    case RuleDecision::LowerBound: return c.chebyshev->lo >= minConfidence;
    case RuleDecision::UpperBound: return c.chebyshev->hi >= minConfidence;
    case RuleDecision::Estimate: break;
    }
    return c.estimate.value >= minConfidence;
}

MiningResult mineRules(const RandomizedItems& items, const MiningOptions& options)
{
    checkOptions(options);
    checkRandomizedItems(items);
    const CriticalValues levels = criticalValues(options.alpha); // validates alpha
    MiningResult result;
    std::vector<std::vector<int>> candidates;
    for (int i = 0; i < static_cast<int>(items.data.bits.size()); ++i)
        candidates.push_back({i});
    while (!candidates.empty()) {
        const int size = static_cast<int>(candidates.front().size());
        if (size > kMaxItemsetSize)
            throw DomainError("frequent itemsets reach " + std::to_string(size) + " items; tables are counted up to " +
                              std::to_string(kMaxItemsetSize) + " items (raise the minimum support)");
        if (result.candidatesCounted + candidates.size() > options.maxCandidates)
            throw DomainError("mining would count more than " + std::to_string(options.maxCandidates) +
                              " candidate itemsets (" + std::to_string(result.candidatesCounted) +
                              " counted before itemsets of " + std::to_string(size) +
                              " items); raise the minimum support");
        std::vector<std::vector<int>> frequent;
        for (std::vector<int>& c : candidates) {
            ++result.candidatesCounted;
            const ItemsetTable table(items, c);
            const SupportEstimate s = table.supportEstimate(table.all(), levels);
            if (decisionValue(s, options.decision) < options.minSupport)
                continue;
            // rules X => Z \ X for every non-empty proper subset X (003 Sec. 3.2.3)
            for (std::uint32_t x = 1; size > 1 && x < table.all(); ++x) {
                RuleEstimate r = ruleFromTable(table, x, levels);
                if (!passesConfidence(r.confidence, options.minConfidence, options.decision))
                    continue;
                if (result.rules.size() >= options.maxRules)
                    throw DomainError("mining found more than " + std::to_string(options.maxRules) +
                                      " rules; raise the minimum support or confidence");
                result.rules.push_back(std::move(r));
            }
            result.itemsets.push_back({c, s});
            frequent.push_back(std::move(c));
        }
        candidates = aprioriCandidates(frequent, options.maxCandidates - result.candidatesCounted);
    }
    return result;
}

} // namespace rr
