#include "core/baskets/Transition.h"

#include "core/baskets/Combinatorics.h"
#include "core/data/Errors.h"

#include <algorithm>

namespace rr {

namespace {

void checkSizes(int m, int k)
{
    if (m < 0 || k < 0)
        throw InputError("a basket size m and an itemset size k must be non-negative (m = " + std::to_string(m) +
                         ", k = " + std::to_string(k) + ")");
    if (k > 64)
        throw DomainError("itemset size k = " + std::to_string(k) + " is above the limit of 64 for p[l -> l']");
}

// Probability that `inserted` of `slots` items get in, each independently with rho.
double binomial(int inserted, int slots, double rho)
{
    if (inserted < 0 || inserted > slots)
        return 0.0;
    return choose(slots, inserted) * power(rho, inserted) * power(1.0 - rho, slots - inserted);
}

struct SizeLevel {
    double rho;
    Eigen::VectorXd sizeProbabilities;
};

SizeLevel selectASizeLevel(const BasketOperator& op, int m)
{
    if (op.kind == OperatorKind::CutAndPaste) {
        if (m >= static_cast<int>(op.cutAndPaste.size()))
            throw InputError("no cut-and-paste parameters for basket size " + std::to_string(m));
        const CutAndPasteLevel& c = op.cutAndPaste[static_cast<std::size_t>(m)];
        return {c.rho, cutAndPasteSizeProbabilities(m, c.cutoff, c.rho)};
    }
    if (m >= static_cast<int>(op.selectASize.size()) ||
        op.selectASize[static_cast<std::size_t>(m)].sizeProbabilities.size() != static_cast<std::size_t>(m + 1))
        throw InputError("no select-a-size parameters for basket size " + std::to_string(m));
    const SelectASizeLevel& s = op.selectASize[static_cast<std::size_t>(m)];
    return {s.rho, Eigen::Map<const Eigen::VectorXd>(s.sizeProbabilities.data(), m + 1)};
}

} // namespace

Eigen::VectorXd cutAndPasteSizeProbabilities(int m, int cutoff, double rho)
{
    if (m < 0 || cutoff < 1)
        throw InputError("cut-and-paste needs a basket size m >= 0 and a cutoff K >= 1 (got m = " + std::to_string(m) +
                         ", K = " + std::to_string(cutoff) + ")");
    Eigen::VectorXd p = Eigen::VectorXd::Zero(m + 1);
    const double uniform = 1.0 / (cutoff + 1);
    for (int j = 0; j <= m; ++j)
        for (int i = 0; i <= std::min(cutoff, j); ++i) {
            // 004 after Remark 4.2: P(min(J, m) = i) is 1 - m/(K+1) when i = m < K, else 1/(K+1)
            const double weight = (i == m && i < cutoff) ? 1.0 - m * uniform : uniform;
            p(j) += choose(m - i, j - i) * power(rho, j - i) * power(1.0 - rho, m - j) * weight;
        }
    return p;
}

Eigen::MatrixXd selectASizeTransition(int m, int k, double rho, const Eigen::VectorXd& pm)
{
    checkSizes(m, k);
    if (pm.size() != m + 1)
        throw InputError("select-a-size for baskets of size " + std::to_string(m) + " needs " + std::to_string(m + 1) +
                         " size probabilities, got " + std::to_string(pm.size()));
    const int lMax = std::min(k, m);
    Eigen::MatrixXd P = Eigen::MatrixXd::Zero(k + 1, lMax + 1);
    for (int l = 0; l <= lMax; ++l)
        for (int lp = 0; lp <= k; ++lp) {
            double sum = 0;
            for (int j = 0; j <= m; ++j) {
                if (pm(j) == 0.0)
                    continue;
                // 004 Statement 2: q of the j retained items are in A, l' - q items of A \ t are inserted
                for (int q = std::max({0, j + l - m, l + lp - k}); q <= std::min({j, l, lp}); ++q)
                    sum += pm(j) * hypergeometric(q, m, l, j) * binomial(lp - q, k - l, rho);
            }
            P(lp, l) = sum;
        }
    return P;
}

Eigen::MatrixXd uniformTransition(int m, int k, double replace, std::uint32_t itemCount)
{
    checkSizes(m, k);
    const int outside = static_cast<int>(itemCount) - m;
    if (outside < m && replace > 0)
        throw InputError("uniform randomization of a basket of size " + std::to_string(m) + " needs " +
                         std::to_string(m) + " items outside it; the universe has " + std::to_string(itemCount));
    const int lMax = std::min(k, m);
    Eigen::MatrixXd P = Eigen::MatrixXd::Zero(k + 1, lMax + 1);
    for (int l = 0; l <= lMax; ++l)
        for (int j = 0; j <= m; ++j) { // j items kept, m - j replaced
            const double pj = binomial(j, m, 1.0 - replace);
            if (pj == 0.0)
                continue;
            for (int q = std::max(0, j + l - m); q <= std::min(j, l); ++q) {
                const double pq = hypergeometric(q, m, l, j);
                for (int r = 0; r <= std::min(k - l, m - j); ++r) // r replacements land in A \ t
                    P(q + r, l) += pj * pq * hypergeometric(r, outside, k - l, m - j);
            }
        }
    return P;
}

Eigen::MatrixXd itemBitTransition(int k, double keep)
{
    checkSizes(0, k);
    Eigen::MatrixXd P = Eigen::MatrixXd::Zero(k + 1, k + 1);
    for (int l = 0; l <= k; ++l)
        for (int q = 0; q <= l; ++q)         // q of the l present items stay
            for (int r = 0; r <= k - l; ++r) // r of the k - l absent items appear
                P(q + r, l) += binomial(q, l, keep) * binomial(r, k - l, 1.0 - keep);
    return P;
}

Eigen::MatrixXd transitionMatrix(const BasketOperator& op, int m, int k, std::uint32_t itemCount)
{
    switch (op.kind) {
    case OperatorKind::ItemBits: return itemBitTransition(k, op.keep);
    case OperatorKind::Uniform: return uniformTransition(m, k, op.replace, itemCount);
    case OperatorKind::SelectASize:
    case OperatorKind::CutAndPaste: {
        const SizeLevel level = selectASizeLevel(op, m);
        return selectASizeTransition(m, k, level.rho, level.sizeProbabilities);
    }
    case OperatorKind::FrequencyAware: break;
    }
    throw InputError("frequency-aware distortion treats frequent and other items differently, so it has no single "
                     "p[l -> l']; its supports are recovered through the per-item matrices");
}

Eigen::VectorXd toWholeItemset(const BasketOperator& op, int m, int k, std::uint32_t itemCount)
{
    checkSizes(m, k);
    if (op.kind == OperatorKind::ItemBits) {
        Eigen::VectorXd row(k + 1);
        for (int l = 0; l <= k; ++l) // every present bit kept, every absent one flipped
            row(l) = power(op.keep, l) * power(1.0 - op.keep, k - l);
        return row;
    }
    const int lMax = std::min(k, m);
    Eigen::VectorXd row = Eigen::VectorXd::Zero(lMax + 1);
    if (op.kind == OperatorKind::Uniform) {
        const int outside = static_cast<int>(itemCount) - m;
        for (int l = 0; l <= lMax; ++l)
            for (int j = l; j <= m; ++j) // the l items of A kept among j, the k - l others among m - j replacements
                row(l) += binomial(j, m, 1.0 - op.replace) * hypergeometric(l, m, l, j) *
                          hypergeometric(k - l, outside, k - l, m - j);
        return row;
    }
    if (op.kind == OperatorKind::FrequencyAware)
        transitionMatrix(op, m, k, itemCount); // throws the explanation
    const SizeLevel level = selectASizeLevel(op, m);
    for (int l = 0; l <= lMax; ++l) {
        double kept = 0;
        for (int j = l; j <= m; ++j) // 004 Statement 2 with l' = k: q = l, every item of A \ t inserted
            kept += level.sizeProbabilities(j) * hypergeometric(l, m, l, j);
        row(l) = kept * power(level.rho, k - l);
    }
    return row;
}

TwoSetTransition twoSetTransition(const BasketOperator& op, int m, int kA, int kB, std::uint32_t itemCount)
{
    checkSizes(m, kA + kB);
    TwoSetTransition out;
    for (int la = 0; la <= kA; ++la)
        for (int lb = 0; lb <= kB; ++lb)
            if (op.kind == OperatorKind::ItemBits || la + lb <= m)
                out.states.emplace_back(la, lb);
    const int rows = (kA + 1) * (kB + 1);
    out.matrix = Eigen::MatrixXd::Zero(rows, static_cast<Eigen::Index>(out.states.size()));
    const auto row = [kB](int a, int b) { return a * (kB + 1) + b; };
    if (op.kind == OperatorKind::ItemBits) {
        const Eigen::MatrixXd PA = itemBitTransition(kA, op.keep), PB = itemBitTransition(kB, op.keep);
        for (std::size_t c = 0; c < out.states.size(); ++c)
            for (int a = 0; a <= kA; ++a)
                for (int b = 0; b <= kB; ++b)
                    out.matrix(row(a, b), static_cast<Eigen::Index>(c)) =
                        PA(a, out.states[c].first) * PB(b, out.states[c].second);
        return out;
    }
    if (op.kind == OperatorKind::FrequencyAware)
        transitionMatrix(op, m, kA, itemCount); // throws the explanation
    const bool uniform = op.kind == OperatorKind::Uniform;
    SizeLevel level{0.0, Eigen::VectorXd()};
    if (!uniform)
        level = selectASizeLevel(op, m);
    const int outside = static_cast<int>(itemCount) - m;
    for (std::size_t c = 0; c < out.states.size(); ++c) {
        const auto [la, lb] = out.states[c];
        const int rest = m - la - lb;
        for (int j = 0; j <= m; ++j) { // j items of the basket retained
            const double pj = uniform ? binomial(j, m, 1.0 - op.replace) : level.sizeProbabilities(j);
            if (pj == 0.0)
                continue;
            for (int ja = 0; ja <= std::min(la, j); ++ja)
                for (int jb = 0; jb <= std::min(lb, j - ja); ++jb) {
                    const int i = j - ja - jb;
                    if (i > rest)
                        continue;
                    // 004 Sec. 4.6: which j items are retained is uniform over the basket
                    const double pick =
                        std::exp(logChoose(la, ja) + logChoose(lb, jb) + logChoose(rest, i) - logChoose(m, j)) * pj;
                    for (int ra = 0; ra <= kA - la; ++ra)
                        for (int rb = 0; rb <= kB - lb; ++rb) {
                            double insert;
                            if (uniform) { // m - j distinct replacements among the items outside the basket
                                const double lp = logChoose(kA - la, ra) + logChoose(kB - lb, rb) +
                                                  logChoose(outside - (kA - la) - (kB - lb), m - j - ra - rb) -
                                                  logChoose(outside, m - j);
                                insert = std::isfinite(lp) ? std::exp(lp) : 0.0;
                            } else {
                                insert = binomial(ra, kA - la, level.rho) * binomial(rb, kB - lb, level.rho);
                            }
                            out.matrix(row(ja + ra, jb + rb), static_cast<Eigen::Index>(c)) += pick * insert;
                        }
                }
        }
    }
    return out;
}

} // namespace rr
