#include "core/rules/RuleErrorMetrics.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace rr {

namespace {

using RuleKey = std::pair<std::vector<int>, std::vector<int>>;

RuleKey keyOf(const RuleEstimate& r)
{
    return {r.antecedent, r.consequent};
}

std::map<RuleKey, const RuleEstimate*> indexRules(const RuleMiningResult& m)
{
    std::map<RuleKey, const RuleEstimate*> out;
    for (const RuleEstimate& r : m.rules)
        out.emplace(keyOf(r), &r);
    return out;
}

MeasureValue percentOf(std::size_t part, std::size_t whole)
{
    if (whole == 0)
        return MeasureValue::undefined("the original data has no rule at these thresholds");
    return MeasureValue::of(100.0 * double(part) / double(whole));
}

// Pairs (1, 2) with value-hat_1 < value-hat_2 and truth_1 > lower_1 > threshold > truth_2.
std::size_t conflictPairs(const std::vector<double>& estimate, const std::vector<double>& lower,
                          const std::vector<double>& truth, double threshold)
{
    std::vector<double> below; // estimates of the truly sub-threshold rules
    for (std::size_t i = 0; i < truth.size(); ++i)
        if (truth[i] < threshold)
            below.push_back(estimate[i]);
    std::sort(below.begin(), below.end());
    std::size_t pairs = 0;
    for (std::size_t i = 0; i < truth.size(); ++i)
        if (truth[i] > lower[i] && lower[i] > threshold)
            pairs += below.end() - std::upper_bound(below.begin(), below.end(), estimate[i]);
    return pairs;
}

// Sigma+ and sigma- of a reconstructed set against F.
std::pair<MeasureValue, MeasureValue> identityErrors(const RuleMiningResult& reconstructed,
                                                     const std::map<RuleKey, const RuleEstimate*>& actual)
{
    std::size_t falsePositives = 0, found = 0;
    for (const RuleEstimate& r : reconstructed.rules)
        (actual.count(keyOf(r)) ? found : falsePositives)++;
    return {percentOf(falsePositives, actual.size()), percentOf(actual.size() - found, actual.size())};
}

// The rules mined from the original (F) and from the randomized items by estimate, lower and upper bound
// (R, R_l, R_u).
struct MinedRules {
    RuleMiningResult f, r, rl, ru;
};

MinedRules mineFourWays(const RandomizedItems& plain, const RandomizedItems& randomized, const RuleMiningOptions& options)
{
    MinedRules m;
    RuleMiningOptions o = options;
    o.decision = RuleDecision::Estimate;
    m.f = mineRules(plain, o);
    m.r = mineRules(randomized, o);
    o.decision = RuleDecision::LowerBound;
    m.rl = mineRules(randomized, o);
    o.decision = RuleDecision::UpperBound;
    m.ru = mineRules(randomized, o);
    return m;
}

// Each mined set's rules by antecedent and consequent.
struct RuleIndexes {
    std::map<RuleKey, const RuleEstimate*> f, r, rl, ru;
};

// A rule of R u F with its estimate and original values, and the sets it is in.
RuleStatus ruleStatus(const RuleEstimate& est, const RuleEstimate* orig, const RandomizedItems& plain,
                      const RuleIndexes& index, const RuleMiningOptions& options)
{
    RuleStatus s;
    s.estimate = est;
    if (orig) {
        s.originalSupport = orig->support.estimate;
        s.originalConfidence = orig->confidence.estimate.value;
    } else {
        const RuleEstimate o2 = estimateRule(plain, est.antecedent, est.consequent, options.alpha);
        s.originalSupport = o2.support.estimate;
        s.originalConfidence = o2.confidence.estimate.defined ? o2.confidence.estimate.value : 0.0;
    }
    const RuleKey k = keyOf(est);
    s.inActual = orig != nullptr;
    s.inReconstructed = index.r.count(k) > 0;
    s.inLower = index.rl.count(k) > 0;
    s.inUpper = index.ru.count(k) > 0;
    s.certainty = certaintyOf(est, options.minSupport, options.minConfidence);
    return s;
}

// rho and gamma over R n F (003 Table 3.3)
void addAccuracy(RuleComparison& out)
{
    RuleErrors& e = out.errors;
    double rho = 0, gamma = 0;
    for (const RuleStatus& s : out.rules)
        if (s.inActual && s.inReconstructed) {
            ++e.common;
            rho += std::abs(s.estimate.support.estimate - s.originalSupport) / s.originalSupport;
            gamma += std::abs(s.estimate.confidence.estimate.value - s.originalConfidence) / s.originalConfidence;
        }
    if (e.common == 0) {
        e.rho = e.gamma = MeasureValue::undefined("no rule is both in the original and the reconstructed set");
    } else {
        e.rho = MeasureValue::of(100.0 * rho / double(e.common));
        e.gamma = MeasureValue::of(100.0 * gamma / double(e.common));
    }
}

// conflict pairs over R u F
void addConflicts(RuleComparison& out, const RuleMiningOptions& options)
{
    std::vector<double> sHat, sLow, s, cHat, cLow, c;
    for (const RuleStatus& st : out.rules) {
        sHat.push_back(st.estimate.support.estimate);
        sLow.push_back(st.estimate.support.normal.lo);
        s.push_back(st.originalSupport);
        const ConfidenceEstimate& ce = st.estimate.confidence;
        cHat.push_back(ce.estimate.defined ? ce.estimate.value : 0.0);
        cLow.push_back(ce.chebyshev ? ce.chebyshev->lo : 0.0);
        c.push_back(st.originalConfidence);
    }
    out.errors.supportConflicts = conflictPairs(sHat, sLow, s, options.minSupport);
    out.errors.confidenceConflicts = conflictPairs(cHat, cLow, c, options.minConfidence);
}

} // namespace

RuleComparison compareRules(const BinaryItems& original, const RandomizedItems& randomized,
                            const RuleMiningOptions& options)
{
    if (original.records != randomized.data.records || original.names != randomized.data.names)
        throw InputError("the original and randomized items differ (items or number of records)");
    RandomizedItems plain{original, std::vector<DistortionMatrix>(original.bits.size(), DistortionMatrix::identity(2))};
    const MinedRules m = mineFourWays(plain, randomized, options);
    const RuleIndexes index{indexRules(m.f), indexRules(m.r), indexRules(m.rl), indexRules(m.ru)};

    RuleComparison out;
    RuleErrors& e = out.errors;
    e.actual = m.f.rules.size();
    e.reconstructed = m.r.rules.size();
    // R u F with estimates and original values
    for (const RuleEstimate& a : m.f.rules) {
        const auto hit = index.r.find(keyOf(a));
        out.rules.push_back(hit != index.r.end() ? ruleStatus(*hit->second, &a, plain, index, options)
                                                 : ruleStatus(estimateRule(randomized, a.antecedent, a.consequent,
                                                                           options.alpha),
                                                              &a, plain, index, options));
    }
    for (const RuleEstimate& x : m.r.rules)
        if (!index.f.count(keyOf(x)))
            out.rules.push_back(ruleStatus(x, nullptr, plain, index, options));
    addAccuracy(out);
    std::tie(e.sigmaPlus, e.sigmaMinus) = identityErrors(m.r, index.f);
    std::tie(e.sigmaPlusLower, e.sigmaMinusLower) = identityErrors(m.rl, index.f);
    std::tie(e.sigmaPlusUpper, e.sigmaMinusUpper) = identityErrors(m.ru, index.f);
    addConflicts(out, options);
    return out;
}

} // namespace rr
