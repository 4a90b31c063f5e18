#include "core/risk/Reidentification.h"

#include "core/data/Errors.h"
#include "core/risk/ReidentificationIntegral.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <string>
#include <thread>

namespace rr {
namespace {

// The QI cells with records: their table index, count and coordinates (k per cell, flat).
struct PresentCells {
    int k = 0;
    std::vector<std::size_t> index;
    std::vector<double> count;
    std::vector<int> coords;
    std::size_t size() const { return index.size(); }
    const int* at(std::size_t c) const { return coords.data() + c * static_cast<std::size_t>(k); }
};

PresentCells presentCells(const ContingencyTable& qi)
{
    PresentCells p;
    p.k = qi.rank();
    const Eigen::VectorXd& n = qi.counts();
    for (Eigen::Index i = 0; i < n.size(); ++i) {
        if (!(n[i] > 0))
            continue;
        p.index.push_back(static_cast<std::size_t>(i));
        p.count.push_back(n[i]);
        const std::vector<int> c = qi.coordinates(static_cast<std::size_t>(i));
        p.coords.insert(p.coords.end(), c.begin(), c.end());
    }
    return p;
}

// Counts of the records that agree with a target on each subset T of the QIs (bit i of T = QI i): the
// marginal table over T, one per subset, filled from the present cells; the set of all QIs is the QI table
// itself (the same row-major layout), not copied.
struct SubsetMarginals {
    int k = 0;
    std::vector<std::vector<double>> counts;       // per proper subset T, its marginal (row-major over T's axes)
    const Eigen::VectorXd* all = nullptr;          // the QI table's counts: the marginal over every QI
    std::vector<std::vector<std::size_t>> strides; // per subset, per QI: the stride (0 outside T)
    double at(std::size_t subset, const int* q) const
    {
        const std::size_t o = offset(subset, q);
        return subset + 1 == counts.size() ? (*all)[static_cast<Eigen::Index>(o)] : counts[subset][o];
    }
    std::size_t offset(std::size_t subset, const int* q) const
    {
        std::size_t o = 0;
        for (int i = 0; i < k; ++i)
            o += strides[subset][static_cast<std::size_t>(i)] * static_cast<std::size_t>(q[i]);
        return o;
    }
};

// The doubles the proper subset marginals hold: prod_i (1 + d_i) - prod_i d_i.
double subsetMarginalCells(const std::vector<int>& dims)
{
    double all = 1, table = 1;
    for (int d : dims) {
        all *= 1.0 + d;
        table *= d;
    }
    return all - table;
}
// They are held beside the QI table: at most as many cells as it has (or 2^24, 128 MiB), so the patterns never
// need more than twice the memory of the table the analysis already holds.
bool subsetMarginalsFit(const ContingencyTable& qi)
{
    return qi.rank() <= kMaxAgreementQis &&
           subsetMarginalCells(qi.dims()) <= std::max(double(std::size_t(1) << 24), double(qi.cellCount()));
}

SubsetMarginals subsetMarginals(const ContingencyTable& qi, const PresentCells& cells)
{
    const std::vector<int>& dims = qi.dims();
    SubsetMarginals m;
    m.all = &qi.counts();
    m.k = static_cast<int>(dims.size());
    const std::size_t subsets = std::size_t(1) << m.k;
    m.counts.resize(subsets);
    m.strides.assign(subsets, std::vector<std::size_t>(dims.size(), 0));
    for (std::size_t t = 0; t < subsets; ++t) {
        std::size_t size = 1;
        for (int i = m.k - 1; i >= 0; --i)
            if (t & (std::size_t(1) << i)) {
                m.strides[t][static_cast<std::size_t>(i)] = size;
                size *= static_cast<std::size_t>(dims[static_cast<std::size_t>(i)]);
            }
        if (t + 1 < subsets)
            m.counts[t].assign(size, 0.0);
    }
    for (std::size_t c = 0; c < cells.size(); ++c)
        for (std::size_t t = 0; t + 1 < subsets; ++t)
            m.counts[t][m.offset(t, cells.at(c))] += cells.count[c];
    return m;
}

// Agreement patterns (Warner matrices): a_c = prod_{i: c_i = q_i} p_i * prod_{i: c_i != q_i} (1 - p_i)/(d_i - 1)
// depends only on the set S of QIs where c agrees with q. The records agreeing on exactly S follow from those
// agreeing on at least T (the marginals) by Moebius inversion over the subset lattice:
//   N_S = sum_{T >= S} (-1)^{|T \ S|} G_T.
// So a target costs 2^k groups per quadrature point, whatever the number of cells.
class AgreementPatternRisk {
public:
    AgreementPatternRisk(const std::vector<DistortionMatrix>& m, const ContingencyTable& qi, const PresentCells& cells)
        : m_k(qi.rank()), m_cells(cells), m_marginals(subsetMarginals(qi, cells))
    {
        const std::size_t subsets = std::size_t(1) << m_k;
        m_match.assign(subsets, 1.0);
        for (std::size_t s = 0; s < subsets; ++s)
            for (int i = 0; i < m_k; ++i) {
                const DistortionMatrix& p = m[static_cast<std::size_t>(i)];
                m_match[s] *= (s & (std::size_t(1) << i)) ? p.retention() : (p.size() > 1 ? p.q() : 0.0);
            }
    }

    double operator()(std::size_t target, std::vector<double>& groups, MatchCountTerms& terms) const
    {
        const std::size_t subsets = m_match.size(), all = subsets - 1;
        const int* q = m_cells.at(target);
        groups.resize(subsets);
        for (std::size_t t = 0; t < subsets; ++t)
            groups[t] = m_marginals.at(t, q);
        for (int i = 0; i < m_k; ++i) { // Moebius transform over supersets
            const std::size_t bit = std::size_t(1) << i;
            for (std::size_t s = 0; s < subsets; ++s)
                if (!(s & bit))
                    groups[s] -= groups[s | bit];
        }
        groups[all] -= 1; // the target itself is not one of the others
        const double scale = m_cells.count[target] + 1;
        terms.clear();
        for (std::size_t s = 0; s < subsets; ++s) {
            // integer counts are exact; weighted ones may leave rounding of the differences
            const double n = std::abs(groups[s]) < 1e-9 * scale ? 0.0 : groups[s];
            terms.add(m_match[s], n);
        }
        return m_match[all] * expectedInverseOnePlus(terms);
    }

private:
    int m_k;
    const PresentCells& m_cells;
    SubsetMarginals m_marginals;
    std::vector<double> m_match; // a of each agreement pattern
};

// Any matrices: the sum over every QI cell with records, a_c = prod_i P_i[q_i | c_i].
class CellSumRisk {
public:
    CellSumRisk(const std::vector<DistortionMatrix>& m, const PresentCells& cells) : m_m(m), m_cells(cells) {}

    double operator()(std::size_t target, std::vector<double>&, MatchCountTerms& terms) const
    {
        const int* q = m_cells.at(target);
        terms.clear();
        double own = 0;
        for (std::size_t c = 0; c < m_cells.size(); ++c) {
            const int* v = m_cells.at(c);
            double a = 1;
            for (int i = 0; i < m_cells.k && a > 0; ++i)
                a *= m_m[static_cast<std::size_t>(i)].entry(q[i], v[i]);
            if (c == target)
                own = a;
            terms.add(a, c == target ? m_cells.count[c] - 1 : m_cells.count[c]);
        }
        return own * expectedInverseOnePlus(terms);
    }

private:
    const std::vector<DistortionMatrix>& m_m;
    const PresentCells& m_cells;
};

void checkRequest(const ContingencyTable& qi, const std::vector<DistortionMatrix>& m, const ReidentificationRequest& r)
{
    if (qi.rank() < 1)
        throw InputError("re-identification risk needs at least one quasi-identifier");
    if (m.size() != static_cast<std::size_t>(qi.rank()))
        throw InputError("re-identification risk needs one matrix per quasi-identifier: " +
                         std::to_string(qi.rank()) + " quasi-identifiers, " + std::to_string(m.size()) + " matrices");
    for (std::size_t i = 0; i < m.size(); ++i)
        if (m[i].size() != qi.dims()[i])
            throw InputError("the matrix of quasi-identifier " + std::to_string(i + 1) + " is " +
                             std::to_string(m[i].size()) + " x " + std::to_string(m[i].size()) + "; it has " +
                             std::to_string(qi.dims()[i]) + " categories");
    if (!(r.threshold > 0 && r.threshold <= 1))
        throw InputError("the re-identification threshold must be in (0, 1], not " + std::to_string(r.threshold));
}

bool allWarner(const std::vector<DistortionMatrix>& m)
{
    return std::all_of(m.begin(), m.end(), [](const DistortionMatrix& p) { return p.isWarner(); });
}

// Target cells split into contiguous ranges, one per thread; each cell is computed alone, so the numbers do not
// depend on the count. The first range runs here and reports progress; a cancel stops every range.
template <class Risk>
void targetsInRanges(const Risk& risk, const PresentCells& cells, std::vector<ReidentificationCell>& out,
                     const ReidentificationRequest& request)
{
    const std::size_t n = cells.size();
    const std::size_t threads = std::clamp<std::size_t>(static_cast<std::size_t>(std::max(request.threads, 1)), 1,
                                                        std::max<std::size_t>(n, 1));
    const std::size_t step = (n + threads - 1) / threads;
    std::atomic<bool> cancelled{false};
    std::atomic<std::size_t> done{0};
    auto range = [&](std::size_t lo, std::size_t hi, bool reports) {
        std::vector<double> groups;
        MatchCountTerms terms;
        for (std::size_t c = lo; c < hi && !cancelled.load(std::memory_order_relaxed); ++c) {
            out[c].randomized = std::min(1.0, risk(c, groups, terms));
            const std::size_t d = done.fetch_add(1, std::memory_order_relaxed) + 1;
            if (reports && request.progress && !request.progress(static_cast<double>(d) / static_cast<double>(n)))
                cancelled = true;
        }
    };
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < threads; ++t) {
        const std::size_t lo = t * step, hi = std::min(n, lo + step);
        if (lo < hi)
            pool.emplace_back(range, lo, hi, false);
    }
    range(0, std::min(n, step), true);
    for (auto& t : pool)
        t.join();
    if (cancelled)
        throw ReidentificationCancelled();
}

} // namespace

ReidentificationSummary summarizeReidentification(const std::vector<ReidentificationCell>& cells, bool randomized,
                                                  double threshold)
{
    ReidentificationSummary s;
    double weighted = 0, above = 0;
    for (const ReidentificationCell& c : cells) {
        const double r = randomized ? c.randomized : c.original;
        s.records += c.count;
        s.max = std::max(s.max, r);
        weighted += c.count * r;
        if (r > threshold)
            above += c.count;
        if (c.count == 1)
            s.sampleUniques += 1;
        const int bin = std::clamp(static_cast<int>(r * kReidentificationBins), 0, kReidentificationBins - 1);
        s.histogram[static_cast<std::size_t>(bin)] += c.count;
    }
    if (s.records > 0) {
        s.mean = weighted / s.records;
        s.aboveThreshold = above / s.records;
        for (double& h : s.histogram)
            h /= s.records;
    }
    return s;
}

ReidentificationRisk reidentificationRisk(const ContingencyTable& qi, const std::vector<DistortionMatrix>& matrices,
                                          const ReidentificationRequest& request)
{
    checkRequest(qi, matrices, request);
    const PresentCells cells = presentCells(qi);
    ReidentificationRisk result;
    result.threshold = request.threshold;
    result.cells.resize(cells.size());
    for (std::size_t c = 0; c < cells.size(); ++c) {
        result.cells[c].cell = cells.index[c];
        result.cells[c].count = cells.count[c];
        result.cells[c].original = std::min(1.0, 1 / cells.count[c]); // ARX's prosecutor risk
    }

    const bool warner = allWarner(matrices);
    const bool patternsFit = subsetMarginalsFit(qi);
    MatchGrouping grouping = request.grouping;
    if (grouping == MatchGrouping::Automatic)
        grouping = warner && patternsFit ? MatchGrouping::AgreementPatterns : MatchGrouping::Cells;
    if (grouping == MatchGrouping::AgreementPatterns) {
        if (!warner)
            throw InputError("agreement patterns need Warner matrices (one p per attribute), not a --matrix file");
        if (!patternsFit)
            throw InputError("agreement patterns over " + std::to_string(qi.rank()) +
                             " quasi-identifiers need too many subset marginals");
        targetsInRanges(AgreementPatternRisk(matrices, qi, cells), cells, result.cells, request);
    } else {
        if (cells.size() > kMaxDirectReidentificationCells)
            throw InputError("re-identification risk under these matrices sums over every pair of QI cells: " +
                             std::to_string(cells.size()) + " cells with records, at most " +
                             std::to_string(kMaxDirectReidentificationCells) +
                             " are allowed" +
                             (warner ? std::string(" (the agreement patterns of these Warner matrices need too much "
                                                   "memory for this domain)")
                                     : std::string(" (Warner matrices, one p per attribute, have no such limit)")));
        targetsInRanges(CellSumRisk(matrices, cells), cells, result.cells, request);
    }
    result.original = summarizeReidentification(result.cells, false, request.threshold);
    result.randomized = summarizeReidentification(result.cells, true, request.threshold);
    return result;
}

} // namespace rr
