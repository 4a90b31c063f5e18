#include "core/risk/CombinedRisk.h"

#include "core/data/Errors.h"
#include "core/risk/RandomizationMode.h"

#include <Eigen/Core>

#include <algorithm>
#include <cmath>

namespace rr {

namespace {

using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// One attribute's channel through all its draws: rows are the output tuples (u_1, ..., u_n), columns the original
// value, entry prod_j W_j(u_j | v) (003 eq. 5.2 per draw). A draw in clear shows the value, so the product is the
// identity (its other outputs merge into it); a draw at p = 1/d shows nothing and is left out.
Eigen::MatrixXd productChannel(int d, const std::vector<double>& draws, const std::string& axis)
{
    const double uniform = 1.0 / d;
    Eigen::MatrixXd channel = Eigen::MatrixXd::Ones(1, d);
    bool inClear = draws.empty();
    for (const double p : draws) {
        if (!(p >= uniform - 1e-12 && p <= 1 + 1e-12))
            throw InputError("combined risk: p = " + std::to_string(p) + " of '" + axis + "' is outside [1/" +
                             std::to_string(d) + ", 1]");
        if (p >= 1 - 1e-15)
            inClear = true;
        if (inClear || std::abs(p - uniform) < 1e-12)
            continue;
        const double q = (1 - p) / (d - 1);
        Eigen::MatrixXd next(channel.rows() * d, d);
        for (Eigen::Index r = 0; r < channel.rows(); ++r)
            for (int u = 0; u < d; ++u) {
                Eigen::RowVectorXd w = Eigen::RowVectorXd::Constant(d, q);
                w[u] = p;
                next.row(r * d + u) = channel.row(r).cwiseProduct(w);
            }
        channel = std::move(next);
    }
    if (inClear || d == 1)
        return Eigen::MatrixXd::Identity(d, d);
    return channel;
}

// x over `dims` (row-major), its axis `axis` multiplied by m (rows x dims[axis]); dims[axis] becomes m.rows().
Eigen::VectorXd modeProduct(const Eigen::VectorXd& x, std::vector<Eigen::Index>& dims, std::size_t axis,
                            const Eigen::MatrixXd& m)
{
    Eigen::Index outer = 1, inner = 1;
    for (std::size_t k = 0; k < axis; ++k)
        outer *= dims[k];
    for (std::size_t k = axis + 1; k < dims.size(); ++k)
        inner *= dims[k];
    const Eigen::Index in = dims[axis], out = m.rows();
    Eigen::VectorXd y(outer * out * inner);
    for (Eigen::Index o = 0; o < outer; ++o) {
        Eigen::Map<const RowMajor> block(x.data() + o * in * inner, in, inner);
        Eigen::Map<RowMajor>(y.data() + o * out * inner, out, inner).noalias() = m * block;
    }
    dims[axis] = out;
    return y;
}


// Pr(QI_r -> QI_r) for every QI cell: pi_a sum_b P(b | a)^2 / lambda_b, lambda = P pi_QI (003 eq. 5.7), P the
// Kronecker product of the QI channels; `outputs` gets the size of lambda.
Eigen::VectorXd qiKeptShares(const Eigen::VectorXd& piQi, std::vector<Eigen::Index> shape,
                             const std::vector<Eigen::MatrixXd>& channels, std::size_t& outputs,
                             const std::function<bool()>& keepRunning)
{
    Eigen::VectorXd lambda = piQi;
    for (std::size_t k = 0; k < shape.size(); ++k) {
        stopIfAsked(keepRunning);
        lambda = modeProduct(lambda, shape, k, channels[k]);
    }
    outputs = static_cast<std::size_t>(lambda.size());
    Eigen::VectorXd weight = lambda.unaryExpr([](double l) { return l > 0 ? 1.0 / l : 0.0; });
    for (std::size_t k = 0; k < shape.size(); ++k) {
        stopIfAsked(keepRunning);
        weight = modeProduct(weight, shape, k, channels[k].cwiseAbs2().transpose());
    }
    return piQi.cwiseProduct(weight);
}

// Over the records of every QI group: Pr(S_r = u -> u | QI_r) = sum_v P(v | u)^2 pi_{a,u} / sum_t P(v | t) pi_{a,t}
// (003 eq. 5.8) and the risk (pi_{a,u} / pi_a) Pr(QI_r -> QI_r) Pr(S_r -> S_r | QI_r) (003 eq. 5.6), into `out`.
void accumulateRisk(const ContingencyTable& joint, const Eigen::VectorXd& pi, const Eigen::VectorXd& piQi,
                    const Eigen::VectorXd& qiKept, const Eigen::MatrixXd& s, double tau, CombinedRisk& out)
{
    const Eigen::Index ds = s.cols();
    const Eigen::MatrixXd s2t = s.cwiseAbs2().transpose();
    const Eigen::VectorXd& counts = joint.counts();
    for (Eigen::Index g = 0; g < piQi.size(); ++g) {
        if (!(piQi[g] > 0))
            continue;
        const Eigen::VectorXd group = pi.segment(g * ds, ds);
        const Eigen::VectorXd inverse = (s * group).unaryExpr([](double l) { return l > 0 ? 1.0 / l : 0.0; });
        const Eigen::VectorXd sKept = group.cwiseProduct(s2t * inverse);
        for (Eigen::Index u = 0; u < ds; ++u) {
            if (!(counts[g * ds + u] > 0))
                continue;
            const double risk = group[u] / piQi[g] * qiKept[g] * sKept[u];
            out.maxRisk = std::max(out.maxRisk, risk);
            if (!meetsThreshold(risk, tau))
                out.recordsOverTau += counts[g * ds + u];
        }
    }
}

} // namespace

std::optional<CombinedRisk> combinedRisk(const ContingencyTable& joint, const std::vector<std::vector<double>>& draws,
                                         double tau, std::size_t maxCells, const std::function<bool()>& keepRunning)
{
    const std::vector<int>& dims = joint.dims();
    if (dims.size() < 2 || draws.size() != dims.size())
        throw InputError("combined risk: " + std::to_string(draws.size()) + " lists of draws for " +
                         std::to_string(dims.size()) + " axes");
    const std::size_t m = dims.size() - 1; // QIs, then S
    std::vector<Eigen::MatrixXd> channels;
    std::size_t bound = 1; // bounds every intermediate of the products of qiKeptShares
    for (std::size_t k = 0; k < dims.size(); ++k) {
        const std::string name = k < joint.names().size() ? joint.names()[k] : "axis " + std::to_string(k);
        channels.push_back(productChannel(dims[k], draws[k], name));
        if (k < m) {
            const auto widest = static_cast<std::size_t>(std::max<Eigen::Index>(channels.back().rows(), dims[k]));
            if (bound > maxCells / widest)
                return std::nullopt;
            bound *= widest;
        }
    }
    const double total = joint.total();
    if (!(total > 0))
        throw InputError("combined risk: the table has no records");
    const auto ds = static_cast<Eigen::Index>(dims.back());
    const Eigen::VectorXd pi = joint.counts() / total;
    const Eigen::VectorXd piQi =
        Eigen::Map<const RowMajor>(pi.data(), static_cast<Eigen::Index>(joint.cellCount()) / ds, ds).rowwise().sum();
    CombinedRisk out;
    const Eigen::VectorXd qiKept =
        qiKeptShares(piQi, std::vector<Eigen::Index>(dims.begin(), dims.end() - 1), channels, out.outputCells,
                     keepRunning);
    accumulateRisk(joint, pi, piQi, qiKept, channels.back(), tau, out);
    return out;
}

} // namespace rr
