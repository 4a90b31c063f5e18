#include "core/rules/Apriori.h"

#include "core/data/Errors.h"
#include "core/itemsets/Levelwise.h"

#include <string>

namespace rr {

namespace {

void checkOptions(const RuleMiningOptions& o)
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

namespace {

// 003 Sec. 3.2.4, one candidate: its support estimated and decided; when frequent, it is output with the
// rules X => Z \ X of every non-empty proper subset X (003 Sec. 3.2.3), and it generates the next level.
bool judgeItemset(const RandomizedItems& items, const std::vector<int>& c, const RuleMiningOptions& options,
                  const CriticalValues& levels, RuleMiningResult& result)
{
    const ItemsetTable table(items, c);
    const SupportEstimate s = table.supportEstimate(table.all(), levels);
    if (decisionValue(s, options.decision) < options.minSupport)
        return false;
    for (std::uint32_t x = 1; table.size() > 1 && x < table.all(); ++x) {
        RuleEstimate r = ruleFromTable(table, x, levels);
        if (!passesConfidence(r.confidence, options.minConfidence, options.decision))
            continue;
        if (result.rules.size() >= options.maxRules)
            throw DomainError("mining found more than " + std::to_string(options.maxRules) +
                              " rules; raise the minimum support or confidence");
        result.rules.push_back(std::move(r));
    }
    result.itemsets.push_back({c, s});
    return true;
}

} // namespace

RuleMiningResult mineRules(const RandomizedItems& items, const RuleMiningOptions& options)
{
    checkOptions(options);
    checkRandomizedItems(items);
    const CriticalValues levels = criticalValues(options.alpha); // validates alpha
    LevelwiseOptions search;
    search.maxSize = kMaxItemsetSize;
    search.limit = {options.maxCandidates, true, "raise the minimum support"};
    RuleMiningResult result;
    const LevelwiseRun run = levelwise<int>(
        items.data.bits.size(), search, [](int, const auto&) {},
        [&](const std::vector<int>& c) { return judgeItemset(items, c, options, levels, result); });
    if (run.stop == LevelwiseStop::MaxSize)
        throw DomainError("frequent itemsets reach " + std::to_string(run.stopSize) +
                          " items; tables are counted up to " + std::to_string(kMaxItemsetSize) +
                          " items (raise the minimum support)");
    result.candidatesCounted = run.counted();
    return result;
}

} // namespace rr
