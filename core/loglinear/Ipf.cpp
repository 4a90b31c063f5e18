#include "core/loglinear/Ipf.h"

#include "core/contingency/ContingencyTable.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <cmath>

namespace rr {
namespace {

// max |fitted - observed| over a margin (0 for an empty one: no maxCoeff on an empty vector).
double maxDeviation(const Eigen::VectorXd& fitted, const Eigen::VectorXd& observed)
{
    return fitted.size() ? (fitted - observed).cwiseAbs().maxCoeff() : 0.0;
}

} // namespace

std::vector<std::uint32_t> marginIndex(const std::vector<int>& dims, const std::vector<int>& axes, Eigen::Index& size)
{
    const std::size_t k = dims.size();
    // stride of each axis inside the margin (0 for axes summed out)
    std::vector<Eigen::Index> stride(k, 0);
    size = 1;
    for (auto it = axes.rbegin(); it != axes.rend(); ++it) {
        stride[static_cast<std::size_t>(*it)] = size;
        size *= dims[static_cast<std::size_t>(*it)];
    }
    const std::size_t cells = checkedDomainSize(dims);
    std::vector<std::uint32_t> index(cells);
    std::vector<int> coord(k, 0);
    Eigen::Index current = 0;
    for (std::size_t c = 0; c < cells; ++c) {
        index[c] = static_cast<std::uint32_t>(current);
        // odometer step, last axis fastest, keeping `current` in sync
        for (std::size_t a = k; a-- > 0;) {
            if (++coord[a] < dims[a]) {
                current += stride[a];
                break;
            }
            current -= stride[a] * (dims[a] - 1);
            coord[a] = 0;
        }
    }
    return index;
}

namespace {

// The table must be the model's, of non-negative counts, and small enough for the margins' indices.
std::size_t checkIpfTable(const Eigen::VectorXd& observed, const std::vector<int>& dims, const HierarchicalModel& model)
{
    if (static_cast<int>(dims.size()) != model.rank)
        throw InputError("the model spans " + std::to_string(model.rank) + " attributes but the table has " +
                         std::to_string(dims.size()));
    const std::size_t cells = checkedDomainSize(dims);
    if (static_cast<std::size_t>(observed.size()) != cells)
        throw InputError("the table has " + std::to_string(observed.size()) + " cells, its dimensions give " +
                         std::to_string(cells));
    for (Eigen::Index c = 0; c < observed.size(); ++c)
        if (!(std::isfinite(observed[c]) && observed[c] >= 0))
            throw InputError("cell " + std::to_string(c) + " of the table to fit holds " + std::to_string(observed[c]) +
                             "; loglinear models need non-negative counts");

    if (model.generators.size() * cells > kMaxIpfIndexEntries)
        throw InputError("the model has " + std::to_string(model.generators.size()) + " generators over " +
                         std::to_string(cells) + " cells; IPF handles generators x cells up to " +
                         std::to_string(kMaxIpfIndexEntries));
    return cells;
}

// A generator's margin: each cell's margin cell, the observed margin, and room for the fitted one.
struct Margin {
    std::vector<std::uint32_t> index;
    Eigen::VectorXd observed, fitted;
};

std::vector<Margin> observedMargins(const Eigen::VectorXd& observed, const std::vector<int>& dims,
                                    const HierarchicalModel& model, std::size_t cells)
{
    std::vector<Margin> margins;
    for (const auto& g : model.generators) {
        Margin m;
        Eigen::Index size = 0;
        m.index = marginIndex(dims, g, size);
        m.observed = Eigen::VectorXd::Zero(size);
        m.fitted.resize(size);
        for (std::size_t c = 0; c < cells; ++c)
            m.observed[m.index[c]] += observed[static_cast<Eigen::Index>(c)];
        margins.push_back(std::move(m));
    }
    return margins;
}

// The fitted table's margin into m.fitted; its largest deviation from the observed one.
double fittedMargin(Margin& m, const Eigen::VectorXd& fitted, std::size_t cells)
{
    m.fitted.setZero();
    for (std::size_t c = 0; c < cells; ++c)
        m.fitted[m.index[c]] += fitted[static_cast<Eigen::Index>(c)];
    return maxDeviation(m.fitted, m.observed);
}

// One IPF step: the fitted table scaled to match the margin (its deviation before the step).
double scaleToMargin(Margin& m, Eigen::VectorXd& fitted, std::size_t cells)
{
    const double deviation = fittedMargin(m, fitted, cells);
    // scale factors observed / fitted (0 where the observed margin is 0)
    for (Eigen::Index j = 0; j < m.fitted.size(); ++j)
        m.fitted[j] = m.fitted[j] > 0 ? m.observed[j] / m.fitted[j] : 0.0;
    for (std::size_t c = 0; c < cells; ++c)
        fitted[static_cast<Eigen::Index>(c)] *= m.fitted[m.index[c]];
    return deviation;
}

} // namespace

IpfFit fitIpf(const Eigen::VectorXd& observed, const std::vector<int>& dims, const HierarchicalModel& model,
              const IpfOptions& options)
{
    const std::size_t cells = checkIpfTable(observed, dims, model);
    std::vector<Margin> margins = observedMargins(observed, dims, model, cells);

    IpfFit fit;
    const double total = observed.sum();
    fit.fitted = Eigen::VectorXd::Constant(static_cast<Eigen::Index>(cells), cells > 0 ? total / cells : 0.0);
    const double limit = options.tolerance * std::max(1.0, total);
    for (int it = 0; it < options.maxIterations; ++it) {
        double deviation = 0;
        for (Margin& m : margins) {
            stopIfAsked(options.keepRunning, "the loglinear fit was cancelled");
            deviation = std::max(deviation, scaleToMargin(m, fit.fitted, cells));
        }
        fit.iterations = it + 1;
        fit.maxDeviation = deviation;
        if (deviation <= limit) {
            fit.converged = true;
            break;
        }
    }
    if (!fit.converged) { // deviation after the last scaling
        double deviation = 0;
        for (Margin& m : margins)
            deviation = std::max(deviation, fittedMargin(m, fit.fitted, cells));
        fit.maxDeviation = deviation;
        fit.converged = deviation <= limit;
    }
    return fit;
}

} // namespace rr
