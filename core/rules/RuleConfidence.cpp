#include "core/rules/RuleConfidence.h"

#include "core/data/Errors.h"
#include "core/measures/Domain.h"

#include <algorithm>
#include <cmath>

namespace rr {

ConfidenceMoments confidenceMoments(double pi11, double pi10, double var11, double var10, double cov11and10)
{
    const double s = pi11 + pi10; // pi_1+
    if (s == 0.0)
        throw InputError("confidence moments: the antecedent's support pi_1+ is 0");
    const double s3 = s * s * s, s4 = s3 * s;
    ConfidenceMoments m;
    m.estimate = pi11 / s;
    // 003 eq. 3.4
    m.expectation = m.estimate + pi11 / s3 * var10 - pi10 / s3 * var11 + (pi11 - pi10) / s3 * cov11and10;
    // 003 eq. 3.5
    m.variance = std::max(0.0, pi10 * pi10 / s4 * var11 + pi11 * pi11 / s4 * var10 - 2 * pi10 * pi11 / s4 * cov11and10);
    return m;
}

RuleEstimate ruleFromTable(const ItemsetTable& table, std::uint32_t antecedent, const CriticalValues& levels)
{
    const std::uint32_t all = table.all();
    if (antecedent == 0 || (antecedent & ~all) != 0 || antecedent == all)
        throw InputError("a rule's antecedent must be a non-empty proper subset of its itemset");
    RuleEstimate r;
    for (int j = 0; j < table.size(); ++j)
        ((antecedent >> j) & 1u ? r.antecedent : r.consequent).push_back(table.items()[j]);
    r.support = table.supportEstimate(all, levels);

    // pi_11 = s(X u Y), pi_1+ = s(X), pi_10 = pi_1+ - pi_11, with their covariances
    const double pi11 = r.support.estimate, pi1 = table.support(antecedent), pi10 = pi1 - pi11;
    const double var11 = r.support.variance, varX = table.covariance(antecedent, antecedent);
    const double covX11 = table.covariance(antecedent, all);
    const double var10 = std::max(0.0, varX + var11 - 2 * covX11), cov = covX11 - var11;
    ConfidenceEstimate& c = r.confidence;
    const double lambda1 = table.randomizedSupport(antecedent);
    c.randomized = lambda1 > 0 ? MeasureValue::of(r.support.randomized / lambda1)
                               : MeasureValue::undefined("no randomized record holds the antecedent");
    if (!(pi1 > 0)) {
        const std::string why =
            "the antecedent's estimated support is " + shortNumber(pi1) + ": confidence divides by it";
        c.estimate = c.expectation = c.variance = MeasureValue::undefined(why);
        return r;
    }
    const ConfidenceMoments m = confidenceMoments(pi11, pi10, var11, var10, cov);
    c.estimate = MeasureValue::of(m.estimate);
    c.expectation = MeasureValue::of(m.expectation);
    c.variance = MeasureValue::of(m.variance);
    // 003 Result 3: E(c-hat) -/+ sd / sqrt(alpha)
    c.chebyshev = rangeAround(m.expectation, m.variance, levels.chebyshev, 0.0, 1.0);
    c.normal = rangeAround(m.expectation, m.variance, levels.normal, 0.0, 1.0);
    return r;
}

RuleEstimate estimateRule(const RandomizedItems& items, const std::vector<int>& antecedent,
                          const std::vector<int>& consequent, double alpha)
{
    checkRandomizedItems(items);
    if (antecedent.empty() || consequent.empty())
        throw InputError("a rule needs a non-empty antecedent and consequent");
    std::vector<int> itemset = antecedent;
    itemset.insert(itemset.end(), consequent.begin(), consequent.end());
    std::sort(itemset.begin(), itemset.end());
    if (std::adjacent_find(itemset.begin(), itemset.end()) != itemset.end())
        throw InputError("a rule's antecedent and consequent must not share an item");
    const ItemsetTable table(items, itemset);
    std::uint32_t mask = 0;
    for (int j = 0; j < table.size(); ++j)
        if (std::find(antecedent.begin(), antecedent.end(), itemset[j]) != antecedent.end())
            mask |= std::uint32_t(1) << j;
    return ruleFromTable(table, mask, criticalValues(alpha));
}

ThresholdSide sideOf(const Interval& range, double threshold)
{
    if (range.lo >= threshold)
        return ThresholdSide::Above;
    if (range.hi < threshold)
        return ThresholdSide::Below;
    return ThresholdSide::Across;
}

RuleCertainty certaintyOf(const RuleEstimate& rule, double minSupport, double minConfidence)
{
    const ThresholdSide s = sideOf(rule.support.normal, minSupport);
    if (!rule.confidence.chebyshev || s == ThresholdSide::Below)
        return RuleCertainty::Excluded;
    const ThresholdSide c = sideOf(*rule.confidence.chebyshev, minConfidence);
    if (c == ThresholdSide::Below)
        return RuleCertainty::Excluded;
    return s == ThresholdSide::Above && c == ThresholdSide::Above ? RuleCertainty::Sure : RuleCertainty::Uncertain;
}

} // namespace rr
