#include "core/withoutp/FlipExamples.h"

#include "core/estimation/Reconstruction.h"
#include "core/loglinear/Coefficients.h"
#include "core/withoutp/MiningMeasures.h"

#include <cmath>
#include <sstream>

namespace rr {

namespace {

// COIL 2000 (5,822 customers), binarized as 003 Table 3.1; counts in cell order 000 ... 111.
// tests/core/test_withoutp.cpp recounts them from the data file.
constexpr const char* kCoilSource = "COIL 2000 (5,822 customers), binarized as in 003 Table 3.1";

ContingencyTable binaryTable(const std::string& letters, std::initializer_list<double> counts)
{
    std::vector<std::string> names;
    for (char c : letters)
        names.emplace_back(1, c);
    ContingencyTable t(std::vector<int>(letters.size(), 2), names);
    Eigen::Index i = 0;
    for (double c : counts)
        t.counts()[i++] = c;
    return t;
}

// Fills pi, lambda and the distortion from one Warner p per axis.
void randomize(FlipExample& e, const std::vector<double>& p)
{
    std::vector<DistortionMatrix> matrices;
    for (std::size_t k = 0; k < p.size(); ++k) {
        e.distortion.push_back(warnerSpec(p[k]));
        matrices.push_back(DistortionMatrix::warner(2, p[k]));
    }
    e.originalProportions = e.original.proportions();
    e.randomizedProportions = expectedRandomized(matrices, e.originalProportions);
}

ContingencyTable randomizedTable(const FlipExample& e)
{
    ContingencyTable t = e.original;
    t.counts() = e.randomizedProportions;
    return t;
}

std::string fixed(double v, int digits = 3)
{
    std::ostringstream os;
    os.setf(std::ios::fixed);
    os.precision(digits);
    os << v;
    return os.str();
}

} // namespace

FlipExample associationRuleExample()
{
    FlipExample e;
    e.result = "003 Sec. 4.4 (Results 4, 5)";
    e.title = "Association rules: support and confidence orders";
    e.data = std::string(kCoilSource) +
             ": E = PWAPART > 0 (pays for private third-party insurance), G = PBRAND > 0 (fire policy), "
             "H = AWAPART > 0 (holds private third-party insurance)";
    e.original = binaryTable("EGH", {2415, 0, 1067, 0, 0, 251, 0, 2089});
    randomize(e, {0.7, 0.7, 0.7});
    const ContingencyTable r = randomizedTable(e);
    // axes: E = 0, G = 1, H = 2
    const ExampleValue supH{"support(E => H)", itemsetSupport(e.original, {0, 2}, {1, 1}),
                            itemsetSupport(r, {0, 2}, {1, 1})};
    const ExampleValue supG{"support(E => G)", itemsetSupport(e.original, {0, 1}, {1, 1}),
                            itemsetSupport(r, {0, 1}, {1, 1})};
    const ExampleValue confH{"confidence(E => H)", ruleConfidence(e.original, {0}, {1}, {2}, {1}),
                             ruleConfidence(r, {0}, {1}, {2}, {1})};
    const ExampleValue confG{"confidence(E => G)", ruleConfidence(e.original, {0}, {1}, {1}, {1}),
                             ruleConfidence(r, {0}, {1}, {1}, {1})};
    e.values = {supH, supG, confH, confG};
    e.flipped = supH.original > supG.original && supH.randomized < supG.randomized && confH.original > confG.original &&
                confH.randomized < confG.randomized;
    e.sentence = "With every attribute randomized alike (p = 0.7), E => H ranks above E => G in the original data "
                 "(support " +
                 fixed(supH.original) + " vs " + fixed(supG.original) + ", confidence " + fixed(confH.original) +
                 " vs " + fixed(confG.original) + ") but below it in the randomized data (support " +
                 fixed(supH.randomized) + " vs " + fixed(supG.randomized) + ", confidence " + fixed(confH.randomized) +
                 " vs " + fixed(confG.randomized) + "): rules mined without p are ranked wrongly.";
    return e;
}

FlipExample loglinearCoefficientExample()
{
    FlipExample e;
    e.result = "003 Result 12";
    e.title = "Loglinear coefficients: no vertical or horizontal order";
    e.data = std::string(kCoilSource) + ": A = MOPLLAAG > 4 (lower education), B = MINKM30 > 4 (income under 30,000), "
                                        "C = MINKGEM > 4 (average income)";
    e.original = binaryTable("ABC", {1401, 1057, 264, 18, 2013, 235, 833, 1});
    randomize(e, {0.9, 0.9, 0.9});
    const std::vector<char> letters{'A', 'B', 'C'};
    const SaturatedCoefficients before = saturatedCoefficients(e.originalProportions, {2, 2, 2}, letters);
    const SaturatedCoefficients after = saturatedCoefficients(e.randomizedProportions, {2, 2, 2}, letters);
    const auto value = [](const SaturatedCoefficients& c, std::vector<int> axes) {
        const LoglinearTerm* t = findTerm(c, axes);
        return t ? t->gamma[0] : 0.0;
    };
    const ExampleValue ab{"gamma^AB_00", value(before, {0, 1}), value(after, {0, 1})};
    const ExampleValue bc{"gamma^BC_00", value(before, {1, 2}), value(after, {1, 2})};
    const ExampleValue ac{"gamma^AC_00", value(before, {0, 2}), value(after, {0, 2})};
    e.values = {ab, bc, ac};
    e.flipped = before.defined && after.defined && ab.original * ab.randomized < 0 &&
                std::abs(ab.randomized) > std::abs(ab.original) && std::abs(bc.original) > std::abs(ac.original) &&
                std::abs(bc.randomized) < std::abs(ac.randomized);
    e.sentence = "Randomizing A, B and C with p = 0.9 turns gamma^AB_00 from " + fixed(ab.original) + " into " +
                 fixed(ab.randomized) +
                 " (sign reversed, magnitude larger: no vertical monotonicity), and the "
                 "B-C interaction, stronger than the A-C one before (|" +
                 fixed(bc.original) + "| > |" + fixed(ac.original) + "|), is weaker after (|" + fixed(bc.randomized) +
                 "| < |" + fixed(ac.randomized) + "|): no horizontal order either.";
    return e;
}

FlipExample giniExample()
{
    FlipExample e;
    e.result = "003 Result 13 (Example 5)";
    e.title = "Decision trees: the gini split order";
    e.data = std::string(kCoilSource) + ": A = MOPLLAAG > 4, B = MINKM30 > 4 (both sensitive), class C = MINKGEM > 4";
    e.original = binaryTable("ABC", {1401, 1057, 264, 18, 2013, 235, 833, 1});
    randomize(e, {0.6, 0.9, 1.0});
    const ContingencyTable r = randomizedTable(e);
    const ExampleValue a{"gini_split(A)", giniSplit(e.original, 0, 2), giniSplit(r, 0, 2)};
    const ExampleValue b{"gini_split(B)", giniSplit(e.original, 1, 2), giniSplit(r, 1, 2)};
    e.values = {a, b};
    e.flipped = a.original < b.original && a.randomized > b.randomized;
    e.sentence = "A tree picks the split with the smaller gini: A in the original data (" + fixed(a.original) + " < " +
                 fixed(b.original) + "), B after randomizing A with p = 0.6 and B with p = 0.9 (" +
                 fixed(a.randomized) + " > " + fixed(b.randomized) + "), so a different tree is learned.";
    return e;
}

FlipExample naiveBayesExample()
{
    FlipExample e;
    e.result = "003 Result 14 (Example 6)";
    e.title = "Naive Bayes: the order of posterior probabilities";
    e.data = std::string(kCoilSource) + ": A = MOPLLAAG > 4, G = PBRAND > 0 (both sensitive), class H = AWAPART > 0";
    e.original = binaryTable("AGH", {1097, 135, 467, 1041, 1318, 116, 600, 1048});
    randomize(e, {0.6, 0.6, 1.0});
    const ContingencyTable r = randomizedTable(e);
    const ExampleValue h0{"P(H = 0 | A = 0, G = 1)", naiveBayesScore(e.original, {0, 1}, {0, 1}, 2, 0),
                          naiveBayesScore(r, {0, 1}, {0, 1}, 2, 0)};
    const ExampleValue h1{"P(H = 1 | A = 0, G = 1)", naiveBayesScore(e.original, {0, 1}, {0, 1}, 2, 1),
                          naiveBayesScore(r, {0, 1}, {0, 1}, 2, 1)};
    e.values = {h0, h1};
    e.flipped = h0.original < h1.original && h0.randomized > h1.randomized;
    e.sentence = "For a customer with A = 0 and G = 1 the classifier learned from the original data predicts H = 1 (" +
                 fixed(h1.original, 2) + " vs " + fixed(h0.original, 2) +
                 "); learned from data with A and G randomized at p = 0.6 it predicts H = 0 (" +
                 fixed(h0.randomized, 2) + " vs " + fixed(h1.randomized, 2) + ").";
    return e;
}

std::vector<FlipExample> unknownPExamples()
{
    return {associationRuleExample(), loglinearCoefficientExample(), giniExample(), naiveBayesExample()};
}

} // namespace rr
