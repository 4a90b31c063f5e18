#include "core/independence/IndependenceTest.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <sstream>

namespace rr {

namespace {

void checkAxes(const ContingencyTable& table, int a, int b, const std::vector<int>& given)
{
    std::vector<int> all{a, b};
    all.insert(all.end(), given.begin(), given.end());
    for (int x : all)
        if (x < 0 || x >= table.rank())
            throw InputError("independence test: attribute " + std::to_string(x + 1) + " is not one of the table's " +
                             std::to_string(table.rank()));
    std::vector<int> sorted = all;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
        throw InputError("independence test: the two attributes and the conditioning set must all differ");
}

std::string nameOf(int axis, const std::vector<std::string>& names)
{
    if (axis >= 0 && static_cast<std::size_t>(axis) < names.size())
        return "'" + names[static_cast<std::size_t>(axis)] + "'";
    return "attribute " + std::to_string(axis + 1);
}

} // namespace

IndependenceTest testIndependence(const ContingencyTable& table, int a, int b, const std::vector<int>& given,
                                  double alpha)
{
    checkAxes(table, a, b, given);
    if (!(alpha > 0 && alpha < 1))
        throw InputError("independence test: alpha must lie in (0, 1)");
    std::vector<int> axes{a, b};
    axes.insert(axes.end(), given.begin(), given.end());
    const ContingencyTable m = table.marginal(axes);
    const int da = m.dims()[0], db = m.dims()[1];
    const Eigen::Index strata = static_cast<Eigen::Index>(m.cellCount()) / (da * db);
    // cell (i, j, g) sits at (i * db + j) * strata + g
    IndependenceTest t;
    t.a = a;
    t.b = b;
    t.given = given;
    t.alpha = alpha;
    t.observed = m.counts();
    t.expected = Eigen::VectorXd::Zero(t.observed.size());
    long long df = 0;
    bool adjusted = false;
    for (Eigen::Index g = 0; g < strata; ++g) {
        Eigen::VectorXd row = Eigen::VectorXd::Zero(da), col = Eigen::VectorXd::Zero(db);
        for (int i = 0; i < da; ++i)
            for (int j = 0; j < db; ++j) {
                const double n = t.observed[(i * db + j) * strata + g];
                row[i] += n;
                col[j] += n;
            }
        const double total = row.sum();
        if (!(total > 0)) {
            adjusted = true;
            continue;
        }
        for (int i = 0; i < da; ++i)
            for (int j = 0; j < db; ++j)
                t.expected[(i * db + j) * strata + g] = row[i] * col[j] / total;
        const long long rows = (row.array() > 0).count(), cols = (col.array() > 0).count();
        if (rows < da || cols < db)
            adjusted = true;
        df += (rows - 1) * (cols - 1);
    }
    t.fit = goodnessOfFit(t.observed, t.expected, df);
    t.rejected = t.fit.pValue.defined && t.fit.pValue.value < alpha;
    if (adjusted)
        t.note = "some rows, columns or strata have no records; df counts only those with records (df = " +
                 std::to_string(df) + ")";
    return t;
}

RandomizedTestValidity randomizedTestValidity(int a, int b, const std::vector<int>& given,
                                              const std::vector<int>& randomizedAxes,
                                              const std::vector<std::string>& names)
{
    auto randomized = [&](int x) {
        return std::find(randomizedAxes.begin(), randomizedAxes.end(), x) != randomizedAxes.end();
    };
    RandomizedTestValidity v;
    std::vector<int> inG;
    for (int g : given)
        if (randomized(g))
            inG.push_back(g);
    const std::string pair = nameOf(a, names) + " and " + nameOf(b, names);
    if (!inG.empty()) {
        v.valid = false;
        std::string list;
        for (std::size_t k = 0; k < inG.size(); ++k)
            list += (k == 0 ? "" : ", ") + nameOf(inG[k], names);
        v.reason = "not a valid test (003 Result 10): the conditioning set holds randomized " + list +
                   ", so randomization can create or hide the association of " + pair +
                   " within strata; test on the reconstruction or condition on unrandomized attributes only";
        return v;
    }
    const bool any = randomized(a) || randomized(b);
    if (!any)
        v.reason = "neither " + pair + " is randomized" +
                   std::string(given.empty() ? "" : " nor any conditioning attribute") +
                   ": the test is the original test";
    else if (given.empty())
        v.reason = "a valid alpha-level test of the independence of " + pair +
                   " (003 Result 9): randomization never creates an association, but it weakens a real one, so the "
                   "test has lower power";
    else
        v.reason = "a valid alpha-level test of the conditional independence of " + pair +
                   " (003 Result 10): no conditioning attribute is randomized; power is lower than on the original";
    return v;
}

IndependenceComparison compareIndependence(const ContingencyTable& original, const ContingencyTable& randomized, int a,
                                           int b, const std::vector<int>& given, const std::vector<int>& randomizedAxes,
                                           double alpha)
{
    if (original.dims() != randomized.dims())
        throw InputError("the original and randomized tables differ in shape");
    IndependenceComparison c;
    c.original = testIndependence(original, a, b, given, alpha);
    c.randomized = testIndependence(randomized, a, b, given, alpha);
    c.validity = randomizedTestValidity(a, b, given, randomizedAxes, original.names());
    std::ostringstream os;
    os << "original " << (c.original.rejected ? "rejects" : "does not reject") << " independence ("
       << describePValue(c.original.fit.pValue) << "); randomized "
       << (c.randomized.rejected ? "rejects" : "does not reject") << " (" << describePValue(c.randomized.fit.pValue)
       << ")";
    if (!c.validity.valid)
        os << ", but the randomized test is not valid here";
    c.summary = os.str();
    return c;
}

} // namespace rr
