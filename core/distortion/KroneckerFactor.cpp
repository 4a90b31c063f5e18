#include "core/distortion/KroneckerFactor.h"

#include "core/data/Errors.h"

#include <cstdio>

namespace rr {

using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

Eigen::MatrixXd KroneckerFactor::dense(const std::string& what) const
{
    if (d > kMaxDenseCategories) {
        char mib[32];
        std::snprintf(mib, sizeof mib, "%.0f", double(d) * double(d) * sizeof(double) / (1024.0 * 1024.0));
        throw DomainError(what + ": a " + std::to_string(d) + " x " + std::to_string(d) + " matrix (" + mib +
                          " MiB) is over the limit of " + std::to_string(kMaxDenseCategories) +
                          " categories for a matrix written out in full");
    }
    if (!uniform)
        return matrix;
    Eigen::MatrixXd m = Eigen::MatrixXd::Constant(d, d, off);
    m.diagonal().setConstant(diag);
    return m;
}

KroneckerFactor KroneckerFactor::uniformMatrix(int d, double diag, double off)
{
    KroneckerFactor f;
    f.d = d;
    f.uniform = true;
    f.diag = diag;
    f.off = off;
    return f;
}

KroneckerFactor KroneckerFactor::general(const Eigen::MatrixXd& m)
{
    if (m.rows() != m.cols() || m.rows() == 0)
        throw InputError("a Kronecker factor must be a non-empty square matrix");
    const Eigen::Index d = m.rows();
    const double dg = m(0, 0);
    const double of = d > 1 ? m(1, 0) : 0.0;
    bool uni = true;
    for (Eigen::Index j = 0; j < d && uni; ++j)
        for (Eigen::Index i = 0; i < d; ++i)
            if (m(i, j) != (i == j ? dg : of)) {
                uni = false;
                break;
            }
    KroneckerFactor f = uni ? uniformMatrix(static_cast<int>(d), dg, of) : KroneckerFactor{};
    if (!uni) {
        f.matrix = m;
        f.d = static_cast<int>(d);
        f.diag = dg;
        f.off = of;
    }
    return f;
}

KroneckerFactor squaredElements(const KroneckerFactor& f)
{
    if (f.uniform)
        return KroneckerFactor::uniformMatrix(f.size(), f.diag * f.diag, f.off * f.off);
    return KroneckerFactor::general(f.matrix.cwiseAbs2());
}

KroneckerFactor transposed(const KroneckerFactor& f)
{
    if (f.uniform)
        return f;
    return KroneckerFactor::general(f.matrix.transpose());
}

void modeProduct(const KroneckerFactor& f, const std::vector<int>& dims, int axis, Eigen::VectorXd& x,
                 Eigen::VectorXd& work)
{
    if (f.isIdentity())
        return;
    const Eigen::Index d = dims[axis];
    Eigen::Index inner = 1;
    for (std::size_t k = axis + 1; k < dims.size(); ++k)
        inner *= dims[k];
    const Eigen::Index block = d * inner;
    const Eigen::Index outer = x.size() / block;
    if (f.uniform) {
        // y_j = (a - b) x_j + b * sum_l x_l along the mode.
        const double a = f.diag - f.off, b = f.off;
        if (inner == 1) { // last axis: contiguous fibres
            double* v = x.data();
            for (Eigen::Index o = 0; o < outer; ++o, v += d) {
                double sum = 0;
                for (Eigen::Index j = 0; j < d; ++j)
                    sum += v[j];
                sum *= b;
                for (Eigen::Index j = 0; j < d; ++j)
                    v[j] = a * v[j] + sum;
            }
            return;
        }
        if (work.size() < inner)
            work.resize(inner);
        for (Eigen::Index o = 0; o < outer; ++o) {
            double* base = x.data() + o * block;
            Eigen::Map<Eigen::ArrayXd> sum(work.data(), inner);
            sum = Eigen::Map<Eigen::ArrayXd>(base, inner);
            for (Eigen::Index j = 1; j < d; ++j)
                sum += Eigen::Map<Eigen::ArrayXd>(base + j * inner, inner);
            sum *= b;
            for (Eigen::Index j = 0; j < d; ++j) {
                Eigen::Map<Eigen::ArrayXd> s(base + j * inner, inner);
                s = a * s + sum;
            }
        }
        return;
    }
    if (work.size() < block)
        work.resize(block);
    for (Eigen::Index o = 0; o < outer; ++o) {
        Eigen::Map<RowMajor> slice(x.data() + o * block, d, inner);
        Eigen::Map<RowMajor> tmp(work.data(), d, inner);
        tmp.noalias() = f.matrix * slice;
        slice = tmp;
    }
}

void kroneckerApplyInPlace(const std::vector<KroneckerFactor>& factors, Eigen::VectorXd& x, Eigen::VectorXd& work)
{
    std::vector<int> dims;
    dims.reserve(factors.size());
    Eigen::Index cells = 1;
    for (const auto& f : factors) {
        dims.push_back(f.size());
        cells *= f.size();
    }
    if (cells != x.size())
        throw InputError("Kronecker apply: the vector has " + std::to_string(x.size()) + " cells, the factors span " +
                         std::to_string(cells));
    for (std::size_t k = 0; k < factors.size(); ++k)
        modeProduct(factors[k], dims, static_cast<int>(k), x, work);
}

Eigen::VectorXd kroneckerApply(const std::vector<KroneckerFactor>& factors, const Eigen::VectorXd& x)
{
    Eigen::VectorXd y = x, work;
    kroneckerApplyInPlace(factors, y, work);
    return y;
}

Eigen::MatrixXd explicitKronecker(const std::vector<KroneckerFactor>& factors)
{
    Eigen::MatrixXd k = Eigen::MatrixXd::Identity(1, 1);
    for (const auto& f : factors) {
        const Eigen::MatrixXd b = f.dense("a Kronecker factor");
        Eigen::MatrixXd out(k.rows() * b.rows(), k.cols() * b.cols());
        for (Eigen::Index i = 0; i < k.rows(); ++i)
            for (Eigen::Index j = 0; j < k.cols(); ++j)
                out.block(i * b.rows(), j * b.cols(), b.rows(), b.cols()) = k(i, j) * b;
        k = std::move(out);
    }
    return k;
}

} // namespace rr
