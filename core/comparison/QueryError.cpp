#include "core/comparison/QueryError.h"

#include "core/data/Errors.h"

#include <cmath>

namespace rr {

namespace {

void accumulate(const Eigen::VectorXd& actual, const Eigen::VectorXd& estimate, double& sum, std::size_t& count)
{
    for (Eigen::Index i = 0; i < actual.size(); ++i)
        if (actual[i] > 0) {
            sum += std::abs(actual[i] - estimate[i]) / actual[i];
            ++count;
        }
}

void checkSizes(const Eigen::VectorXd& actual, const Eigen::VectorXd& estimate)
{
    if (actual.size() != estimate.size())
        throw InputError("query error: the estimate and the actual table differ in size");
    if (!estimate.allFinite())
        throw InputError("query error: the estimate has a non-finite cell");
}

} // namespace

Eigen::VectorXd marginalOver(const Eigen::VectorXd& cells, const std::vector<int>& dims, const std::vector<int>& keep)
{
    const int k = static_cast<int>(dims.size());
    std::vector<std::size_t> stride(k, 1);
    for (int i = k - 2; i >= 0; --i)
        stride[i] = stride[i + 1] * static_cast<std::size_t>(dims[i + 1]);
    std::vector<std::size_t> outStride(keep.size(), 1);
    std::size_t outSize = 1;
    for (int i = static_cast<int>(keep.size()) - 1; i >= 0; --i) {
        if (keep[i] < 0 || keep[i] >= k)
            throw InputError("marginal: axis out of range");
        outStride[i] = outSize;
        outSize *= static_cast<std::size_t>(dims[keep[i]]);
    }
    Eigen::VectorXd out = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(outSize));
    for (Eigen::Index c = 0; c < cells.size(); ++c) {
        std::size_t j = 0;
        for (std::size_t t = 0; t < keep.size(); ++t)
            j += outStride[t] *
                 ((static_cast<std::size_t>(c) / stride[keep[t]]) % static_cast<std::size_t>(dims[keep[t]]));
        out[static_cast<Eigen::Index>(j)] += cells[c];
    }
    return out;
}

QueryErrorSummary baseQueryError(const Eigen::VectorXd& actual, const Eigen::VectorXd& estimate)
{
    checkSizes(actual, estimate);
    double sum = 0;
    QueryErrorSummary s;
    accumulate(actual, estimate, sum, s.queries);
    s.averageRelativeError = s.queries ? sum / static_cast<double>(s.queries) : 0.0;
    return s;
}

QueryErrorSummary cubeQueryError(const Eigen::VectorXd& actual, const Eigen::VectorXd& estimate,
                                 const std::vector<int>& dims)
{
    checkSizes(actual, estimate);
    const int k = static_cast<int>(dims.size());
    if (k > 20)
        throw DomainError("cube queries over more than 20 attributes are too many group-bys");
    std::size_t cells = 1;
    for (int d : dims)
        cells *= static_cast<std::size_t>(d);
    if (cells != static_cast<std::size_t>(actual.size()))
        throw InputError("query error: the table does not match its dimensions");
    // Coordinates of every cell once (row-major, last attribute fastest); each group-by is then
    // one pass of multiply-adds over the cells, both tables at once.
    std::vector<int> coord(cells * static_cast<std::size_t>(k));
    {
        std::vector<int> c(k, 0);
        for (std::size_t i = 0; i < cells; ++i) {
            std::copy(c.begin(), c.end(), coord.begin() + static_cast<std::ptrdiff_t>(i * k));
            for (int a = k - 1; a >= 0; --a) {
                if (++c[a] < dims[a])
                    break;
                c[a] = 0;
            }
        }
    }
    double sum = 0;
    QueryErrorSummary s;
    Eigen::VectorXd act, est;
    for (unsigned mask = 0; mask < (1u << k); ++mask) {
        std::vector<int> keep;
        std::vector<std::size_t> stride;
        std::size_t size = 1;
        for (int a = k - 1; a >= 0; --a)
            if (mask & (1u << a)) {
                keep.push_back(a);
                stride.push_back(size);
                size *= static_cast<std::size_t>(dims[a]);
            }
        act.setZero(static_cast<Eigen::Index>(size));
        est.setZero(static_cast<Eigen::Index>(size));
        for (std::size_t i = 0; i < cells; ++i) {
            const int* c = coord.data() + i * k;
            std::size_t j = 0;
            for (std::size_t t = 0; t < keep.size(); ++t)
                j += stride[t] * static_cast<std::size_t>(c[keep[t]]);
            act[static_cast<Eigen::Index>(j)] += actual[static_cast<Eigen::Index>(i)];
            est[static_cast<Eigen::Index>(j)] += estimate[static_cast<Eigen::Index>(i)];
        }
        accumulate(act, est, sum, s.queries);
    }
    s.averageRelativeError = s.queries ? sum / static_cast<double>(s.queries) : 0.0;
    return s;
}

} // namespace rr
