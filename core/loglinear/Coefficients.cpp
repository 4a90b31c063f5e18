#include "core/loglinear/Coefficients.h"

#include "core/contingency/ContingencyTable.h"
#include "core/data/Errors.h"
#include "core/loglinear/HierarchicalModel.h"
#include "core/loglinear/Ipf.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace rr {

namespace {

std::vector<int> axesOf(unsigned mask, int k)
{
    std::vector<int> axes;
    for (int a = 0; a < k; ++a)
        if (mask & (1u << a))
            axes.push_back(a);
    return axes;
}

// The table must be within the limits of the saturated model's coefficients (axes, letters, cells, work).
std::size_t checkSaturatedTable(const Eigen::VectorXd& cells, const std::vector<int>& dims,
                                const std::vector<char>& letters)
{
    const int k = static_cast<int>(dims.size());
    if (k < 1 || k > kMaxLoglinearAxes)
        throw InputError("saturated coefficients need 1 to " + std::to_string(kMaxLoglinearAxes) + " attributes");
    if (static_cast<int>(letters.size()) != k)
        throw InputError("one letter per attribute is needed to name the coefficients");
    const std::size_t n = checkedDomainSize(dims);
    if (static_cast<std::size_t>(cells.size()) != n)
        throw InputError("the table has " + std::to_string(cells.size()) + " cells, its dimensions give " +
                         std::to_string(n));
    if (static_cast<double>(n) * static_cast<double>(1u << k) > kMaxCoefficientWork)
        throw InputError("saturated coefficients of " + std::to_string(n) + " cells over " + std::to_string(k) +
                         " attributes need cells x 2^k over " +
                         std::to_string(static_cast<long long>(kMaxCoefficientWork)) +
                         " operations; use fewer attributes");
    return n;
}

// a_T: l averaged over the axes outside T, as a vector over the margin T, for every subset T.
std::vector<Eigen::VectorXd> marginAverages(const Eigen::VectorXd& l, const std::vector<int>& dims, std::size_t n)
{
    const int k = static_cast<int>(dims.size());
    const unsigned subsets = 1u << k;
    std::vector<Eigen::VectorXd> average(subsets);
    for (unsigned t = 0; t < subsets; ++t) {
        Eigen::Index size = 0;
        const auto index = marginIndex(dims, axesOf(t, k), size);
        Eigen::VectorXd a = Eigen::VectorXd::Zero(size);
        for (std::size_t c = 0; c < n; ++c)
            a[index[c]] += l[static_cast<Eigen::Index>(c)];
        average[t] = a / (static_cast<double>(n) / static_cast<double>(size));
    }
    return average;
}

// The subsets in the order the terms are listed: by size, then by their axes.
std::vector<unsigned> termOrder(int k)
{
    const unsigned subsets = 1u << k;
    std::vector<unsigned> order(subsets);
    for (unsigned s = 0; s < subsets; ++s)
        order[s] = s;
    std::stable_sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
        const int pa = __builtin_popcount(a), pb = __builtin_popcount(b);
        if (pa != pb)
            return pa < pb;
        return axesOf(a, k) < axesOf(b, k);
    });
    return order;
}

// gamma_S(i_S) = sum over T within S of (-1)^{|S|-|T|} a_T(i_T)  (Moebius inversion of eq. 4.6)
LoglinearTerm saturatedTerm(unsigned s, const std::vector<Eigen::VectorXd>& average, const std::vector<int>& dims,
                            const std::vector<char>& letters)
{
    const int k = static_cast<int>(dims.size());
    LoglinearTerm term;
    term.axes = axesOf(s, k);
    term.text = s == 0 ? std::string("mean") : formatTerm(term.axes, letters);
    std::vector<int> sdims;
    for (int a : term.axes)
        sdims.push_back(dims[static_cast<std::size_t>(a)]);
    const std::size_t size = sdims.empty() ? 1 : checkedDomainSize(sdims);
    term.gamma = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(size));
    std::vector<int> coord(sdims.size(), 0);
    for (std::size_t i = 0; i < size; ++i) {
        // coordinates of cell i of margin S (row-major)
        std::size_t rest = i;
        for (std::size_t a = sdims.size(); a-- > 0;) {
            coord[a] = static_cast<int>(rest % static_cast<std::size_t>(sdims[a]));
            rest /= static_cast<std::size_t>(sdims[a]);
        }
        double g = 0;
        for (unsigned t = s;; t = (t - 1) & s) { // every subset T of S
            Eigen::Index idx = 0;
            for (std::size_t a = 0; a < term.axes.size(); ++a)
                if (t & (1u << term.axes[a]))
                    idx = idx * dims[static_cast<std::size_t>(term.axes[a])] + coord[a];
            const int sign = ((__builtin_popcount(s) - __builtin_popcount(t)) % 2) ? -1 : 1;
            g += sign * average[t][idx];
            if (t == 0)
                break;
        }
        term.gamma[static_cast<Eigen::Index>(i)] = g;
    }
    return term;
}

} // namespace

SaturatedCoefficients saturatedCoefficients(const Eigen::VectorXd& cells, const std::vector<int>& dims,
                                            const std::vector<char>& letters)
{
    const std::size_t n = checkSaturatedTable(cells, dims, letters);
    SaturatedCoefficients out;
    for (Eigen::Index c = 0; c < cells.size(); ++c)
        if (!(std::isfinite(cells[c]) && cells[c] > 0)) {
            std::ostringstream os;
            os << "cell " << c << " is " << cells[c] << "; log-linear coefficients need every cell positive";
            out.defined = false;
            out.reason = os.str();
            return out;
        }
    const Eigen::VectorXd l = cells.array().log().matrix();
    const std::vector<Eigen::VectorXd> average = marginAverages(l, dims, n);
    for (unsigned s : termOrder(static_cast<int>(dims.size())))
        out.terms.push_back(saturatedTerm(s, average, dims, letters));
    return out;
}

const LoglinearTerm* findTerm(const SaturatedCoefficients& c, const std::vector<int>& axes)
{
    for (const auto& t : c.terms)
        if (t.axes == axes)
            return &t;
    return nullptr;
}

} // namespace rr
